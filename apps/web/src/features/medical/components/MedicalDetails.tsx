import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { MedicalListItem } from '@pet/shared';
import { useTranslation } from 'react-i18next';

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
  const fields = SHOWN.map((field) => ({ field, value: item[`medical_${field}`] })).filter(
    (entry): entry is { field: (typeof SHOWN)[number]; value: string } =>
      typeof entry.value === 'string' && entry.value !== '',
  );
  if (fields.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" data-testid="medical-details">
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
  );
}
