import { Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPaw } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageLoader } from '../../../components/Loaders.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useBrandTextContext } from '../../../config/brand.tsx';
import { petsQuery } from '../../../lib/pets/petQueries.ts';
import { isOwner } from '../../../lib/pets/petRole.ts';
import { AddPetSlot } from '../components/AddPetSlot.tsx';
import { PetCard } from '../components/PetCard.tsx';

/** /dashboard/my-pets: the pets as cards plus the add-pet tile (or the plan's limit message). */
export function MyPetsPage() {
  const { t } = useTranslation(['pets', 'errors']);
  const textContext = useBrandTextContext();
  const pets = useQuery(petsQuery);

  let content: ReactNode;
  if (pets.isPending) {
    content = <PageLoader />;
  } else if (pets.isError) {
    content = (
      <LoadError
        title={t('myPets.loadError', textContext)}
        error={pets.error}
        onRetry={() => pets.refetch()}
      />
    );
  } else if (pets.data.length === 0) {
    content = (
      <Paper withBorder p={{ base: 'lg', sm: 'xl' }} maw={560}>
        <Stack gap="lg" align="center" ta="center">
          <ThemeIcon size={64} radius={999} variant="light">
            <IconPaw size={34} stroke={1.5} />
          </ThemeIcon>
          <Text fw={600}>{t('errors:No_Pet_Text', textContext)}</Text>
          <Stack w="100%" maw={320}>
            <AddPetSlot petCount={0} />
          </Stack>
        </Stack>
      </Paper>
    );
  } else {
    content = (
      <SimpleGrid
        cols={{ base: 1, xs: 2, lg: 3 }}
        spacing={{ base: 'sm', sm: 'lg' }}
        component="section"
        aria-label={t('myPets.listLabel', textContext)}
      >
        {pets.data.map((pet) => (
          <PetCard key={pet.id} pet={pet} />
        ))}
        {/* The plan's pet limit counts the user's own pets, not those shared with them. */}
        <AddPetSlot petCount={pets.data.filter((pet) => isOwner(pet.role)).length} />
      </SimpleGrid>
    );
  }

  return (
    <>
      <PageHeader title={t('myPets.title', textContext)} subtitle={t('myPets.subtitle', textContext)} />
      {content}
    </>
  );
}
