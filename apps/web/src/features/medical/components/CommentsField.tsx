import { Text, Textarea } from '@mantine/core';
import { MEDICAL_LIMITS } from '@pet/shared';
import { type FieldValues, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '../../../components/form/fieldBlock.ts';
import type { MedicalFormValues } from './medicalForm.ts';

/** Comments, at most 100 characters, with a live counter n/100 (spec 2 sections 5 and 9). */
export function CommentsField({ form }: { form: UseFormReturn<MedicalFormValues, unknown, FieldValues> }) {
  const { t } = useTranslation('medical');
  const error = useFieldError(form.control, 'comments');
  const value = useWatch({ control: form.control, name: 'comments' }) ?? '';
  const max = MEDICAL_LIMITS.comments;
  const over = value.length > max;
  return (
    <div>
      <Textarea
        label={t('fields.comments')}
        rows={3}
        resize="vertical"
        maxLength={max}
        error={error}
        {...form.register('comments')}
      />
      <Text
        size="xs"
        ta="right"
        mt={4}
        c={over ? 'red' : 'dimmed'}
        aria-live="polite"
        data-testid="comments-counter"
      >
        {t('fields.commentsCount', { count: value.length, max })}
      </Text>
    </div>
  );
}
