import { useTranslation } from 'react-i18next';
import { PetBanner } from '../../../components/PetBanner.tsx';
import { PetRoute } from '../../../components/PetRoute.tsx';
import { PetContacts } from '../components/PetContacts.tsx';

/** /pet-details/:name/:id/contacts: the pet's contacts by type under its banner; a foreign pet is not found. */
export function ContactsPage() {
  const { t } = useTranslation('contacts');
  return (
    <PetRoute section="contacts">
      {(pet) => (
        <>
          <PetBanner petId={pet.id} section={t('overview.title')} />
          <PetContacts pet={pet} />
        </>
      )}
    </PetRoute>
  );
}
