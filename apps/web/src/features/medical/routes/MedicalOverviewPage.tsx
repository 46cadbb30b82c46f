import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PetBanner } from '../../../components/PetBanner.tsx';
import { useBrandTextContext } from '../../../config/brand.tsx';
import { petMedicalsQuery } from '../api/medicalApi.ts';
import { MedicalOverview } from '../components/MedicalOverview.tsx';
import { RecordsState } from '../components/RecordsState.tsx';
import { useRoutePet } from './medicalRoute.ts';

/** /pet-details/:name/:id/medical-data: the count of each category under the pet's banner. */
export function MedicalOverviewPage() {
  const { t } = useTranslation('medical');
  const textContext = useBrandTextContext();
  const pet = useRoutePet();
  const records = useQuery(petMedicalsQuery(pet.id));
  return (
    <>
      <PetBanner petId={pet.id} fallbackName={pet.displayName} section={t('overview.title')} />
      <Text c="dimmed" mb="md">
        {t('overview.subtitle', textContext)}
      </Text>
      <RecordsState records={records}>{(items) => <MedicalOverview pet={pet} items={items} />}</RecordsState>
    </>
  );
}
