import { Stack } from '@mantine/core';
import type { Pet } from '@pet/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageLoader } from '../../../components/Loaders.tsx';
import { petsQuery } from '../../../lib/pets/petQueries.ts';
import { canWrite } from '../../../lib/pets/petRole.ts';
import { petContactsQuery } from '../api/contactsApi.ts';
import { ContactsByType } from './ContactsByType.tsx';
import { ContactsEmptyState } from './ContactsEmptyState.tsx';

/** A pet's contacts in their states: loading, failed (with retry), none yet (a prompt above the types), or listed. */
export function PetContacts({ pet }: { pet: Pet }) {
  const { t } = useTranslation('contacts');
  const list = useQuery(petContactsQuery(pet.id));
  // "Also add to" offers the other pets the user may write to; while they load (or if they cannot be read)
  // it is simply not there.
  const pets = useQuery(petsQuery);
  const otherPets = (pets.data ?? []).filter((other) => other.id !== pet.id && canWrite(other.role));
  // A sitter reads the contacts: no add, no edit (issue 45).
  const readOnly = !canWrite(pet.role);

  if (list.isPending) return <PageLoader />;
  if (list.isError) {
    return <LoadError title={t('list.loadFailed')} error={list.error} onRetry={() => void list.refetch()} />;
  }
  return (
    <Stack gap="lg">
      {list.data.length === 0 ? <ContactsEmptyState readOnly={readOnly} /> : null}
      <ContactsByType petId={pet.id} contacts={list.data} otherPets={otherPets} readOnly={readOnly} />
    </Stack>
  );
}
