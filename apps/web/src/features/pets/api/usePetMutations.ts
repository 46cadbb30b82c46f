import type { CreatePetInput, Pet, UpdatePetInput } from '@pet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useImageUpload } from '../../../components/image/useImageUpload.ts';
import { afterPetAdded, afterPetDeleted, afterPetSaved } from './petCache.ts';
import { createPet, deletePet, updatePet } from './petsApi.ts';

// The pet writes. Each hook owns its request and what the cache does after it; a failure is reported once,
// by the query client's MutationCache (app/queryClient.ts). Screens add only what the user sees.

export const petMutationKeys = {
  add: ['pets', 'add'],
  update: ['pets', 'update'],
  remove: ['pets', 'delete'],
} as const;

export interface AddPetInput {
  body: CreatePetInput;
  /** The cropped picture, uploaded right after the pet exists. */
  picture: Blob | null;
}

export interface AddedPet {
  pet: Pet;
  /** A picture that failed to upload does not undo the pet (the upload has reported it). */
  pictureError: unknown;
}

/**
 * POST /v1/pet, then the picture for the new pet. The list and myinfo are refreshed once both are done, so
 * the list shows the picture.
 */
export function useAddPet() {
  const queryClient = useQueryClient();
  const { upload, progress } = useImageUpload();
  const add = useMutation({
    mutationKey: petMutationKeys.add,
    mutationFn: async ({ body, picture }: AddPetInput): Promise<AddedPet> => {
      const pet = await createPet(body);
      let pictureError: unknown = null;
      if (picture) {
        try {
          await upload(picture, { fileFor: 'pet', petId: pet.id });
        } catch (error) {
          pictureError = error;
        }
      }
      return { pet, pictureError };
    },
    onSuccess: ({ pet }) => afterPetAdded(queryClient, pet),
  });
  return { add, pictureProgress: progress };
}

/** PUT /v1/pet: the page shows the answer at once, the side bar the (new) name. */
export function useUpdatePet(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: petMutationKeys.update,
    mutationFn: (body: UpdatePetInput) => updatePet(petId, body),
    onSuccess: (saved) => afterPetSaved(queryClient, saved),
  });
}

/**
 * DELETE /v1/pet. `leavePet` runs before the pet is forgotten: a page still showing the pet would fetch it
 * again (404).
 */
export function useDeletePet(petId: string, { leavePet }: { leavePet: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: petMutationKeys.remove,
    mutationFn: () => deletePet(petId),
    onSuccess: () => {
      leavePet();
      void afterPetDeleted(queryClient, petId);
    },
  });
}
