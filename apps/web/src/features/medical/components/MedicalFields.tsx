import { SimpleGrid, Stack } from '@mantine/core';
import { isDueType, MEDICAL_LIMITS, type MedicalType } from '@pet/shared';
import { type ReactNode, useEffect } from 'react';
import { type FieldValues, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { todayIso } from '../../../components/DisplayDateInput.tsx';
import { DateField } from '../../../components/form/DateField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { CommentsField } from './CommentsField.tsx';
import { ScheduleField, SurgeryTypeField, YesNoField } from './MedicalChoiceFields.tsx';
import { MEDICAL_FIELDS, type MedicalFieldName, type MedicalFormValues } from './medicalForm.ts';
import { ReminderFields } from './ReminderFields.tsx';

interface MedicalFieldsProps {
  type: MedicalType;
  /** The add or the edit form: they hold the same values. */
  form: UseFormReturn<MedicalFormValues, unknown, FieldValues>;
}

const TEXT_LIMITS = {
  executing_person: MEDICAL_LIMITS.person,
  executing_organization: MEDICAL_LIMITS.organization,
  manufacturer: MEDICAL_LIMITS.manufacturer,
  reason: MEDICAL_LIMITS.reason,
  dosage: MEDICAL_LIMITS.dosage,
  pharma_central_number: MEDICAL_LIMITS.pharmaCentralNumber,
  batch_number: MEDICAL_LIMITS.batchNumber,
} as const;

/** Dates that cannot lie ahead (the shared schema says so too: known since, the day a shot was given). */
const PAST_DATES: ReadonlySet<MedicalFieldName> = new Set(['known_since']);

/** A changed start date re-checks a checked end date against it (taking to, next due date). */
function useRecheckLaterDate(
  form: MedicalFieldsProps['form'],
  earlier: 'taking_from' | 'date',
  later: 'taking_to' | 'next_due_date',
) {
  const start = useWatch({ control: form.control, name: earlier });
  const { getFieldState, trigger } = form;
  useEffect(() => {
    if (start !== undefined && getFieldState(later).isTouched) void trigger(later);
  }, [start, later, getFieldState, trigger]);
}

/**
 * The fields of one category (spec 2 sections 3 and 7; vaccination and deworming with their next due date
 * and reminder), shared by the add form and the inline edit form. Rules and messages come from the form's
 * resolver (the category's shared body schema).
 */
export function MedicalFields({ type, form }: MedicalFieldsProps) {
  const { t } = useTranslation('medical');
  const { control } = form;
  const due = isDueType(type);
  const today = todayIso();
  useRecheckLaterDate(form, 'taking_from', 'taking_to');
  useRecheckLaterDate(form, 'date', 'next_due_date');

  const block = (name: MedicalFieldName): ReactNode => {
    switch (name) {
      case 'name':
        return (
          <TextField
            key={name}
            control={control}
            name="name"
            label={t(`fields.name.${type}`)}
            withAsterisk
            autoComplete="off"
            maxLength={MEDICAL_LIMITS.name}
          />
        );
      case 'date':
      case 'known_since':
      case 'taking_from':
      case 'taking_to':
      case 'next_due_date': {
        const past = PAST_DATES.has(name) || (name === 'date' && due);
        const label = name === 'date' && due ? t('fields.dateGiven') : t(`fields.${name}`);
        return (
          <DateField
            key={name}
            control={control}
            name={name}
            label={label}
            clearable
            maxDate={past ? today : undefined}
          />
        );
      }
      case 'still_acute':
      case 'prescription':
      case 'in_use':
        return <YesNoField key={name} form={form} name={name} label={t(`fields.${name}`)} />;
      case 'surgery_type':
        return <SurgeryTypeField key={name} form={form} />;
      case 'taking_schedule':
        return <ScheduleField key={name} form={form} />;
      case 'reminder_days_before':
        return <ReminderFields key={name} form={form} />;
      case 'comments':
        return <CommentsField key={name} form={form} />;
      default:
        return (
          <TextField
            key={name}
            control={control}
            name={name}
            label={name === 'executing_person' && due ? t('fields.vet') : t(`fields.${name}`)}
            autoComplete="off"
            maxLength={TEXT_LIMITS[name]}
          />
        );
    }
  };

  const fields = MEDICAL_FIELDS[type];
  // Short fields side by side on wider screens; the name, choices and comments take the whole row.
  const wide: ReadonlySet<MedicalFieldName> = new Set([
    'name',
    'comments',
    'taking_schedule',
    'reminder_days_before',
  ]);
  const rows: ReactNode[] = [];
  let pair: MedicalFieldName[] = [];
  const flush = () => {
    if (pair.length > 0) {
      rows.push(
        <SimpleGrid key={pair.join('-')} cols={{ base: 1, xs: 2 }} spacing="sm">
          {pair.map(block)}
        </SimpleGrid>,
      );
      pair = [];
    }
  };
  for (const name of fields) {
    if (wide.has(name)) {
      flush();
      rows.push(block(name));
    } else {
      pair.push(name);
      if (pair.length === 2) flush();
    }
  }
  flush();
  return <Stack gap="md">{rows}</Stack>;
}
