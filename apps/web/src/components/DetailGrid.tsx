import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Detail {
  key: string;
  label: string;
  value: ReactNode;
}

/**
 * An entry's details as label and value, two columns from `xs` (a read-only view: what a sitter sees of a
 * contact, a medical record or an appointment). Empty values are left out; nothing at all shows nothing.
 */
export function DetailGrid({ details, testId }: { details: Detail[]; testId?: string }) {
  const shown = details.filter(
    (detail) => detail.value !== null && detail.value !== undefined && detail.value !== '',
  );
  if (shown.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" data-testid={testId}>
      {shown.map(({ key, label, value }) => (
        <Stack key={key} gap={0} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
