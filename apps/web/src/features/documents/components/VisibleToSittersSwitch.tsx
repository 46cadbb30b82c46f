import { Switch } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

interface VisibleToSittersSwitchProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  disabled?: boolean;
}

/** "Show to sitters": the owner's choice whether the pet's sitters see a document (issue 45). */
export function VisibleToSittersSwitch<T extends FieldValues>({
  control,
  name,
  disabled,
}: VisibleToSittersSwitchProps<T>) {
  const { t } = useTranslation('documents');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          name={field.name}
          ref={field.ref}
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          onBlur={field.onBlur}
          disabled={disabled}
          label={t('form.visibleToSitters')}
          description={t('form.visibleToSittersHint')}
        />
      )}
    />
  );
}
