import { Text } from '@mantine/core';
import type { Pet } from '@pet/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PetBanner } from '../../../components/PetBanner.tsx';
import { PetRoute } from '../../../components/PetRoute.tsx';
import { useBrandTextContext } from '../../../config/brand.tsx';
import { petMedicalsQuery } from '../api/medicalApi.ts';
import { MedicalOverview } from '../components/MedicalOverview.tsx';
import { RecordsState } from '../components/RecordsState.tsx';

/**
 * /pet-details/:name/:id/medical-data: the count of each category under the pet's banner; a pet that is not
 * the user's is not found.
 */
export function MedicalOverviewPage() {
  return <PetRoute section="medical-data">{(pet) => <Overview pet={pet} />}</PetRoute>;
}

function Overview({ pet }: { pet: Pet }) {
  const { t } = useTranslation('medical');
  const textContext = useBrandTextContext();
  const records = useQuery(petMedicalsQuery(pet.id));
  return (
    <>
      <PetBanner petId={pet.id} section={t('overview.title')} />
      <Text c="dimmed" mb="md">
        {t('overview.subtitle', textContext)}
      </Text>
      <RecordsState records={records}>{(items) => <MedicalOverview pet={pet} items={items} />}</RecordsState>
    </>
  );
}
