import { Group, NumberInput, Switch, Text } from '@mantine/core';
import { MEDICAL_LIMITS } from '@pet/shared';
import { Controller, type FieldValues, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/errors.ts';
import type { MedicalFormValues } from './medicalForm.ts';

/**
 * Vaccination and deworming: "remind me N days before" the next due date (14 unless changed), by e-mail at
 * 09:00 in the owner's zone. Switched off, no reminder; without a due date there is nothing to count back
 * from, and the hint says so.
 */
export function ReminderFields({ form }: { form: UseFormReturn<MedicalFormValues, unknown, FieldValues> }) {
  const { t } = useTranslation('medical');
  const errorText = useErrorText();
  const [on, due] = useWatch({ control: form.control, name: ['reminder_on', 'next_due_date'] });
  return (
    <div>
      <Group gap="md" align="flex-end" wrap="wrap">
        <Controller
          control={form.control}
          name="reminder_on"
          render={({ field }) => (
            <Switch
              label={t('fields.reminder')}
              checked={field.value}
              onChange={(event) => {
                field.onChange(event.currentTarget.checked);
                field.onBlur();
              }}
              mb={8}
            />
          )}
        />
        <Controller
          control={form.control}
          name="reminder_days_before"
          render={({ field, fieldState }) => (
            <NumberInput
              label={t('fields.reminder_days_before')}
              min={0}
              max={MEDICAL_LIMITS.reminderDaysMax}
              allowDecimal={false}
              allowNegative={false}
              w={140}
              disabled={!on}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errorText(fieldState.error?.message)}
            />
          )}
        />
      </Group>
      {on ? (
        <Text size="xs" c="dimmed" mt={4}>
          {due ? t('fields.reminderHint') : t('fields.reminderNeedsDue')}
        </Text>
      ) : null}
    </div>
  );
}
