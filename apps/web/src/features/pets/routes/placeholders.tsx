import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/PlaceholderPage.tsx';
import { useBrandTextContext } from '../../../config/brand.tsx';

// Stand-ins until the pets issue builds these pages (list, add, pet page, edit form).

export function MyPetsPage() {
  const { t } = useTranslation('pets');
  return <PlaceholderPage title={t('myPets.title', useBrandTextContext())} />;
}

export function NewPetPage() {
  const { t } = useTranslation('pets');
  return <PlaceholderPage title={t('newPet.title', useBrandTextContext())} />;
}

export function PetDetailsPage() {
  const { t } = useTranslation('pets');
  return <PlaceholderPage title={t('details.title')} />;
}

export function MyPetPage() {
  const { t } = useTranslation('pets');
  return <PlaceholderPage title={t('myPet.title')} />;
}
