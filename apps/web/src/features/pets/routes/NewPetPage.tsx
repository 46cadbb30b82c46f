import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useBrandTextContext } from '../../../config/brand.tsx';
import { AddPetForm } from '../components/AddPetForm.tsx';

/** /pets and /dashboard/new-pet: the add-pet form. */
export function NewPetPage() {
  const { t } = useTranslation('pets');
  const textContext = useBrandTextContext();
  return (
    <>
      <PageHeader title={t('newPet.title', textContext)} subtitle={t('newPet.subtitle', textContext)} />
      <AddPetForm />
    </>
  );
}
