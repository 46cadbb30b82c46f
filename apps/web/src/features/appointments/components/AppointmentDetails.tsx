import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { AppointmentListItem } from '@pet/shared';
import { useTranslation } from 'react-i18next';
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
  const fields = SHOWN.map((field) => ({ field, value: item[`appointment_${field}`] })).filter(
    (entry): entry is { field: (typeof SHOWN)[number]; value: string } =>
      typeof entry.value === 'string' && entry.value !== '',
  );
  return (
    <Stack gap="md" data-testid="appointment-details">
      {fields.length > 0 ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {fields.map(({ field, value }) => (
            <Stack key={field} gap={0} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              <Text size="xs" c="dimmed">
                {t(`fields.${field}`)}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      ) : null}
      <IcsDownloadButton item={item} />
    </Stack>
  );
}
