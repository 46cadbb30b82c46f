import { Checkbox, Group, Radio } from '@mantine/core';
import { SURGERY_TYPES, TAKING_TIMES } from '@pet/shared';
import { Controller, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/errors.ts';
import type { MedicalFormValues } from './medicalForm.ts';

// The choice inputs of the medical forms: Yes/No, the surgery type and the taking schedule. A pick counts as
// leaving the field, so a message shows (or goes) at once.

type Form = UseFormReturn<MedicalFormValues, unknown, FieldValues>;
/** A pick is the whole edit: the field counts as left at once, so its check runs. */
function pickAndLeave<V>(field: { onChange: (value: V) => void; onBlur: () => void }) {
  return (value: V) => {
    field.onChange(value);
    field.onBlur();
  };
}

type RadioFieldName = 'still_acute' | 'prescription' | 'in_use' | 'surgery_type';

/** One of a few choices as radios ('' until one is picked). */
function RadioField({
  form,
  name,
  label,
  options,
}: {
  form: Form;
  name: RadioFieldName;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  const errorText = useErrorText();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Radio.Group
          label={label}
          value={field.value}
          onChange={pickAndLeave(field)}
          error={errorText(fieldState.error?.message)}
        >
          <Group gap="lg" mt={6}>
            {options.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} />
            ))}
          </Group>
        </Radio.Group>
      )}
    />
  );
}

/** still_acute, prescription, in_use: Yes or No. */
export function YesNoField({
  form,
  name,
  label,
}: {
  form: Form;
  name: Exclude<RadioFieldName, 'surgery_type'>;
  label: string;
}) {
  const { t } = useTranslation('medical');
  const options = [
    { value: 'yes', label: t('choices.yes') },
    { value: 'no', label: t('choices.no') },
  ];
  return <RadioField form={form} name={name} label={label} options={options} />;
}

/** Surgery or Implant. */
export function SurgeryTypeField({ form }: { form: Form }) {
  const { t } = useTranslation('medical');
  const options = SURGERY_TYPES.map((type) => ({ value: type, label: t(`choices.${type}`) }));
  return <RadioField form={form} name="surgery_type" label={t('fields.surgery_type')} options={options} />;
}

/** Mornings (0), noons (1), evenings (2): any of them. */
export function ScheduleField({ form }: { form: Form }) {
  const { t } = useTranslation('medical');
  const errorText = useErrorText();
  return (
    <Controller
      control={form.control}
      name="taking_schedule"
      render={({ field, fieldState }) => (
        <Checkbox.Group
          label={t('fields.taking_schedule')}
          value={field.value}
          onChange={pickAndLeave(field)}
          error={errorText(fieldState.error?.message)}
        >
          <Group gap="lg" mt={6}>
            {TAKING_TIMES.map((time) => (
              <Checkbox key={time} value={String(time)} label={t(`choices.schedule.${time}`)} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
    />
  );
}
