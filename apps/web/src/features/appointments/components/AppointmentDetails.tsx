import { Stack } from '@mantine/core';
import type { AppointmentListItem } from '@pet/shared';
import { useTranslation } from 'react-i18next';
import { DetailGrid } from '../../../components/DetailGrid.tsx';
import { IcsDownloadButton } from './IcsDownloadButton.tsx';

const SHOWN = [
  'vet_name',
  'address',
  'zip',
  'city',
  'country',
  'phone',
  'email',
  'medication',
  'comments',
] as const;

/** An opened appointment for a role that only reads (a sitter): its filled fields and the .ics, no edit. */
export function AppointmentDetails({ item }: { item: AppointmentListItem }) {
  const { t } = useTranslation('appointments');
  const details = SHOWN.map((field) => ({
    key: field,
    label: t(`fields.${field}`),
    value: item[`appointment_${field}`],
  }));
  return (
    <Stack gap="md" data-testid="appointment-details">
      <DetailGrid details={details} />
      <IcsDownloadButton item={item} />
    </Stack>
  );
}
