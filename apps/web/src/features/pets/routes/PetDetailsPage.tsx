import { Stack } from '@mantine/core';
import type { Pet } from '@pet/shared';
import type { ReactNode } from 'react';
import { PetRoute } from '../../../components/PetRoute.tsx';
import { PetFacts } from '../components/PetFacts.tsx';
import { PetHeader } from '../components/PetHeader.tsx';
import { PetSectionLinks } from '../components/PetSectionLinks.tsx';
import { PetWeightPanel } from '../components/PetWeightPanel.tsx';

/**
 * /pet-details/:name/:id: the pet's profile, its weight history, what the app composes in (`sections`: the
 * day's doses) and links to its sections.
 */
export function PetDetailsPage({ sections }: { sections?: (pet: Pet) => ReactNode } = {}) {
  return (
    <PetRoute>
      {(pet) => (
        <Stack gap="lg">
          <PetHeader pet={pet} />
          <PetFacts pet={pet} />
          <PetWeightPanel pet={pet} />
          {sections?.(pet)}
          <PetSectionLinks pet={pet} />
        </Stack>
      )}
    </PetRoute>
  );
}
