import { Stack } from '@mantine/core';
import { PetRoute } from '../../../components/PetRoute.tsx';
import { PetFacts } from '../components/PetFacts.tsx';
import { PetHeader } from '../components/PetHeader.tsx';
import { PetSectionLinks } from '../components/PetSectionLinks.tsx';
import { PetWeightPanel } from '../components/PetWeightPanel.tsx';

/** /pet-details/:name/:id: the pet's profile, its weight history and links to its sections. */
export function PetDetailsPage() {
  return (
    <PetRoute>
      {(pet) => (
        <Stack gap="lg">
          <PetHeader pet={pet} />
          <PetFacts pet={pet} />
          <PetWeightPanel pet={pet} />
          <PetSectionLinks pet={pet} />
        </Stack>
      )}
    </PetRoute>
  );
}
