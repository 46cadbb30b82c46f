import type { MedicalListItem } from '@pet/shared';
import { useTranslation } from 'react-i18next';
import { DetailGrid } from '../../../components/DetailGrid.tsx';

/** The record's text fields a reader sees, in the form's order. */
const SHOWN = [
  'date',
  'known_since',
  'executing_person',
  'executing_organization',
  'manufacturer',
  'reason',
  'dosage',
  'pharma_central_number',
  'taking_from',
  'taking_to',
  'batch_number',
  'next_due_date',
  'comments',
] as const;

/** An opened record for a role that only reads (a sitter): its filled fields, nothing to change. */
export function MedicalDetails({ item }: { item: MedicalListItem }) {
  const { t } = useTranslation('medical');
  const details = SHOWN.map((field) => ({
    key: field,
    label: t(`fields.${field}`),
    value: item[`medical_${field}`],
  }));
  return <DetailGrid details={details} testId="medical-details" />;
}
