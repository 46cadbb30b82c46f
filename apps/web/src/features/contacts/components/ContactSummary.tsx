import { Stack, Text } from '@mantine/core';
import type { Contact } from '@pet/shared';
import { contactDisplayName } from './contactTypes.ts';

/** A contact row's closed face: title and name, then phone and city. */
export function ContactSummary({ contact }: { contact: Contact }) {
  const name = contactDisplayName(contact);
  const details = [contact.phone, contact.city].filter(Boolean).join(' · ');
  return (
    <Stack gap={0} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
      <Text fw={600}>{name}</Text>
      <Text size="sm" c="dimmed">
        {details}
      </Text>
    </Stack>
  );
}
