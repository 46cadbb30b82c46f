import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Contact } from '@pet/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

/** An opened contact for a role that only reads (a sitter): its details, nothing to change. */
export function ContactDetails({ contact }: { contact: Contact }) {
  const { t } = useTranslation('contacts');
  const place = [contact.zip, contact.city].filter(Boolean).join(' ');
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" data-testid="contact-details">
      <Detail label={t('fields.phone')}>
        <Anchor href={`tel:${contact.phone}`}>{contact.phone}</Anchor>
      </Detail>
      {contact.email ? (
        <Detail label={t('fields.email')}>
          <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor>
        </Detail>
      ) : null}
      {contact.address ? <Detail label={t('fields.address')}>{contact.address}</Detail> : null}
      {place ? <Detail label={t('fields.city')}>{place}</Detail> : null}
      {contact.country ? <Detail label={t('fields.country')}>{contact.country}</Detail> : null}
      {contact.doctor_since ? <Detail label={t('fields.vet_since')}>{contact.doctor_since}</Detail> : null}
    </SimpleGrid>
  );
}
