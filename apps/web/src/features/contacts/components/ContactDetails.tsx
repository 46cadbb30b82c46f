import { Anchor } from '@mantine/core';
import type { Contact } from '@pet/shared';
import { useTranslation } from 'react-i18next';
import { DetailGrid } from '../../../components/DetailGrid.tsx';

/** An opened contact for a role that only reads (a sitter): its details, nothing to change. */
export function ContactDetails({ contact }: { contact: Contact }) {
  const { t } = useTranslation('contacts');
  const place = [contact.zip, contact.city].filter(Boolean).join(' ');
  return (
    <DetailGrid
      testId="contact-details"
      details={[
        {
          key: 'phone',
          label: t('fields.phone'),
          value: <Anchor href={`tel:${contact.phone}`}>{contact.phone}</Anchor>,
        },
        {
          key: 'email',
          label: t('fields.email'),
          value: contact.email ? <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor> : null,
        },
        { key: 'address', label: t('fields.address'), value: contact.address },
        { key: 'city', label: t('fields.city'), value: place },
        { key: 'country', label: t('fields.country'), value: contact.country },
        { key: 'vet_since', label: t('fields.vet_since'), value: contact.doctor_since },
      ]}
    />
  );
}
