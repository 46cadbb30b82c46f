import { Stack } from '@mantine/core';
import type { Pet } from '@pet/shared';
import type { ReactNode } from 'react';
import { PetRoute } from '../../../components/PetRoute.tsx';
import { EditPetForm } from '../components/EditPetForm.tsx';
import { EditPetHeader } from '../components/EditPetHeader.tsx';

interface MyPetPageProps {
  /** What other features add below the profile (sharing the pet), composed by the app: app/composed/. */
  sections?: (pet: Pet) => ReactNode;
}

/** /pet-details/:name/:id/my-pet: the pet's whole profile with its weights, editable. */
export function MyPetPage({ sections }: MyPetPageProps) {
  return (
    <PetRoute section="my-pet">
      {(pet) => (
        <Stack gap="lg">
          <EditPetHeader pet={pet} />
          {/* A new form for another pet: its inputs start from that pet's values. */}
          <EditPetForm key={pet.id} pet={pet} />
          {sections?.(pet)}
        </Stack>
      )}
    </PetRoute>
  );
}
