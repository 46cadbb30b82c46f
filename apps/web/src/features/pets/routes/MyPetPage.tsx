import { Stack } from '@mantine/core';
import type { Pet } from '@pet/shared';
import { petPath } from '@pet/shared/paths';
import type { ReactNode } from 'react';
import { PetRoute } from '../../../components/PetRoute.tsx';
import { ReadOnlyNotice } from '../../../components/ReadOnlyNotice.tsx';
import { canWrite } from '../../../lib/pets/petRole.ts';
import { EditPetForm } from '../components/EditPetForm.tsx';
import { EditPetHeader } from '../components/EditPetHeader.tsx';

interface MyPetPageProps {
  /** What other features add below the profile (sharing the pet), composed by the app: app/composed/. */
  sections?: (pet: Pet) => ReactNode;
}

/** /pet-details/:name/:id/my-pet: the pet's whole profile with its weights, editable (not by a sitter). */
export function MyPetPage({ sections }: MyPetPageProps) {
  return (
    <PetRoute section="my-pet">
      {(pet) => (
        <Stack gap="lg">
          {canWrite(pet.role) ? (
            <>
              <EditPetHeader pet={pet} />
              {/* A new form for another pet: its inputs start from that pet's values. */}
              <EditPetForm key={pet.id} pet={pet} />
            </>
          ) : (
            // A sitter (by the address): the notice instead of the form.
            <ReadOnlyNotice backTo={petPath(pet)} />
          )}
          {sections?.(pet)}
        </Stack>
      )}
    </PetRoute>
  );
}
