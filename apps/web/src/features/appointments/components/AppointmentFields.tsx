import { Fieldset, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { APPOINTMENT_LIMITS } from '@pet/shared';
import type { ReactNode } from 'react';
import { Controller, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DisplayDateInput, todayIso } from '../../../components/DisplayDateInput.tsx';
import { ContactDetailsFields } from '../../../components/form/ContactDetailsFields.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { TimeOfDayInput } from '../../../components/TimeOfDayInput.tsx';
import { useBrandTextContext } from '../../../config/brand.tsx';
import { useErrorText } from '../../../lib/errors.ts';
import { AppointmentTypePicker } from './AppointmentTypePicker.tsx';
import type { AppointmentFieldName, AppointmentFormValues } from './appointmentForm.ts';

/** The pet part of the form: a picker (add), the pet's name for information (edit), or nothing. */
export type PetFieldMode =
  | { kind: 'select'; pets: ReadonlyArray<{ id: string; name: string }> }
  | { kind: 'readonly'; name: string }
  | { kind: 'hidden' };

interface AppointmentFieldsProps {
  /** The add or the edit form: they hold the same values and differ only in their checked output. */
  form: UseFormReturn<AppointmentFormValues, unknown, FieldValues>;
  pet: PetFieldMode;
  /** Unique per form on the page (the inline edit forms of a list): names the type radio group. */
  formId: string;
}

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset
      variant="unstyled"
      legend={legend}
      styles={{
        legend: {
          fontSize: 'var(--mantine-font-size-xs)',
          fontWeight: 700,
          textTransform: 'uppercase',
          letterSpacing: '0.04em',
          color: 'var(--mantine-color-dimmed)',
          marginBottom: 'var(--mantine-spacing-xs)',
        },
      }}
    >
      <Stack gap="sm">{children}</Stack>
    </Fieldset>
  );
}

/**
 * Every field of the add and the inline edit form (spec 1 section 2), grouped: the appointment, the vet,
 * notes, the e-mail reminder. Rules and messages come from the form's resolver (the shared schemas).
 */
export function AppointmentFields({ form, pet, formId }: AppointmentFieldsProps) {
  const { t } = useTranslation('appointments');
  const textContext = useBrandTextContext();
  const fieldError = useErrorText();
  const { register, control, watch, formState } = form;
  const error = (name: AppointmentFieldName) => fieldError(formState.errors[name]?.message);
  const minDate = todayIso();
  const isVaccination = watch('appointment_type') === 'Vaccination';

  return (
    <Stack gap="lg">
      <Section legend={t('sections.appointment')}>
        {pet.kind === 'select' ? (
          <Controller
            control={control}
            name="pet_id"
            render={({ field }) => (
              <Select
                label={t('fields.pet', textContext)}
                placeholder={t('placeholders.pet', textContext)}
                withAsterisk
                data={pet.pets.map((p) => ({ value: p.id, label: p.name }))}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                allowDeselect={false}
                error={error('pet_id')}
              />
            )}
          />
        ) : null}
        {pet.kind === 'readonly' ? (
          <TextInput label={t('fields.pet', textContext)} value={pet.name} readOnly variant="filled" />
        ) : null}
        <Controller
          control={control}
          name="appointment_type"
          render={({ field }) => (
            <AppointmentTypePicker
              name={`${formId}-appointment_type`}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={error('appointment_type')}
            />
          )}
        />
        {isVaccination ? (
          <TextField
            control={control}
            name="vaccination_type"
            label={t('fields.vaccination_type')}
            placeholder={t('placeholders.vaccination_type')}
            maxLength={APPOINTMENT_LIMITS.vaccinationType}
          />
        ) : null}
        <TextField
          control={control}
          name="reason"
          label={t('fields.reason')}
          placeholder={t('placeholders.reason')}
          withAsterisk
          maxLength={APPOINTMENT_LIMITS.reason}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Controller
            control={control}
            name="appointment_date"
            render={({ field }) => (
              <DisplayDateInput
                label={t('fields.appointment_date')}
                withAsterisk
                minDate={minDate}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={error('appointment_date')}
              />
            )}
          />
          <Controller
            control={control}
            name="appointment_time"
            render={({ field }) => (
              <TimeOfDayInput
                ref={field.ref}
                label={t('fields.appointment_time')}
                placeholder={t('placeholders.time')}
                withAsterisk
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={error('appointment_time')}
              />
            )}
          />
        </SimpleGrid>
      </Section>

      <Section legend={t('sections.vet')}>
        <TextField
          control={control}
          name="vet_name"
          label={t('fields.vet_name')}
          autoComplete="off"
          maxLength={APPOINTMENT_LIMITS.vetName}
        />
        <ContactDetailsFields control={control} textsFrom="appointments" maxLength={APPOINTMENT_LIMITS} />
      </Section>

      <Section legend={t('sections.notes')}>
        <Textarea
          label={t('fields.medication')}
          rows={3}
          resize="vertical"
          maxLength={APPOINTMENT_LIMITS.medication}
          error={error('medication')}
          {...register('medication')}
        />
        <Textarea
          label={t('fields.comments')}
          rows={3}
          resize="vertical"
          maxLength={APPOINTMENT_LIMITS.comments}
          error={error('comments')}
          {...register('comments')}
        />
      </Section>

      <Section legend={t('sections.reminder')}>
        <Text size="sm" c="dimmed" mt={-4}>
          {t('reminder.hint')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Controller
            control={control}
            name="reminder_date"
            // A reminder needs both parts: changing one re-checks the other.
            rules={{ deps: ['reminder_time'] }}
            render={({ field }) => (
              <DisplayDateInput
                label={t('fields.reminder_date')}
                clearable
                minDate={minDate}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={error('reminder_date')}
              />
            )}
          />
          <Controller
            control={control}
            name="reminder_time"
            rules={{ deps: ['reminder_date'] }}
            render={({ field }) => (
              <TimeOfDayInput
                ref={field.ref}
                label={t('fields.reminder_time')}
                placeholder={t('placeholders.time')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={error('reminder_time')}
              />
            )}
          />
        </SimpleGrid>
      </Section>
    </Stack>
  );
}
