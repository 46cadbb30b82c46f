import { Stack } from '@mantine/core';
import { PetRoute } from '../../../components/PetRoute.tsx';
import { EditPetForm } from '../components/EditPetForm.tsx';
import { EditPetHeader } from '../components/EditPetHeader.tsx';

/** /pet-details/:name/:id/my-pet: the pet's whole profile with its weights, editable. */
export function MyPetPage() {
  return (
    <PetRoute section="my-pet">
      {(pet) => (
        <Stack gap="lg">
          <EditPetHeader pet={pet} />
          {/* A new form for another pet: its inputs start from that pet's values. */}
          <EditPetForm key={pet.id} pet={pet} />
        </Stack>
      )}
    </PetRoute>
  );
}
