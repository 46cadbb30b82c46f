import { Textarea } from '@mantine/core';
import { DOCUMENT_LIMITS } from '@pet/shared';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type FieldBlockProps, useFieldError } from '../../../components/form/fieldBlock.ts';

/** A document's description (required, at most 200 characters), in the add form and the edit mode. */
export function DescriptionField<Values extends FieldValues>({
  control,
  name,
  disabled,
}: FieldBlockProps<Values, string> & { disabled?: boolean }) {
  const { t } = useTranslation('documents');
  const error = useFieldError(control, name);
  return (
    <Textarea
      label={t('form.description')}
      required
      rows={2}
      maxLength={DOCUMENT_LIMITS.description}
      error={error}
      disabled={disabled}
      {...control.register(name)}
    />
  );
}
