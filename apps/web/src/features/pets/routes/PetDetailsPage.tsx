import { Stack } from '@mantine/core';
import type { Pet } from '@pet/shared';
import type { ReactNode } from 'react';
import { PetRoute } from '../../../components/PetRoute.tsx';
import { PetFacts } from '../components/PetFacts.tsx';
import { PetHeader } from '../components/PetHeader.tsx';
import { PetSectionLinks } from '../components/PetSectionLinks.tsx';
import { PetWeightPanel } from '../components/PetWeightPanel.tsx';

/**
 * /pet-details/:name/:id: the pet's profile, its weight history, links to its sections, and what the app
 * composes in (`sections`: the day's doses and the reminders). Those come last: they load after the page has
 * drawn, and below everything else they push nothing the user reads or has focused.
 */
export function PetDetailsPage({ sections }: { sections?: (pet: Pet) => ReactNode } = {}) {
  return (
    <PetRoute>
      {(pet) => (
        <Stack gap="lg">
          <PetHeader pet={pet} />
          <PetFacts pet={pet} />
          <PetWeightPanel pet={pet} />
          <PetSectionLinks pet={pet} />
          {sections?.(pet)}
        </Stack>
      )}
    </PetRoute>
  );
}
