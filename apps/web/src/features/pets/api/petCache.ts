import type { MyInfo, Pet } from '@pet/shared';
import type { QueryClient } from '@tanstack/react-query';
import { petQueryKey, petsQueryKey } from '../../../lib/pets/petQueries.ts';
import { myInfoQueryKey, updateMyInfo } from '../../../lib/session/myInfo.ts';

// After a pet write every place that shows pets must follow: the pet page, the list, and myinfo (the side
// bar's pet groups, the breadcrumbs and the pet count the plan limit is checked against).

/** A pet was added: the list and myinfo (count, side bar) are fetched again. */
export async function afterPetAdded(queryClient: QueryClient, pet: Pet): Promise<void> {
  queryClient.setQueryData(petQueryKey(pet.id), pet);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: petsQueryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: myInfoQueryKey }),
  ]);
}

/** A pet was saved: its page shows the answer at once, the side bar its (new) name. */
export function afterPetSaved(queryClient: QueryClient, pet: Pet): void {
  queryClient.setQueryData(petQueryKey(pet.id), pet);
  const me = queryClient.getQueryData<MyInfo | null>(myInfoQueryKey);
  if (me) {
    updateMyInfo(queryClient, {
      pets: me.pets.map((p) => (p.id === pet.id ? { ...p, name: pet.name } : p)),
    });
  }
  void queryClient.invalidateQueries({ queryKey: petsQueryKey, exact: true });
  void queryClient.invalidateQueries({ queryKey: myInfoQueryKey });
}

/** The pet has a new picture: its page and the list load it again. */
export function afterPetPicture(queryClient: QueryClient, petId: string, imageUrl: string): void {
  queryClient.setQueryData<Pet>(petQueryKey(petId), (old) => (old ? { ...old, image_url: imageUrl } : old));
  void queryClient.invalidateQueries({ queryKey: petsQueryKey });
}

/** The pet is gone: forget it without fetching it again (that would answer 404), refresh the rest. */
export async function afterPetDeleted(queryClient: QueryClient, petId: string): Promise<void> {
  queryClient.removeQueries({ queryKey: petQueryKey(petId) });
  const me = queryClient.getQueryData<MyInfo | null>(myInfoQueryKey);
  if (me) updateMyInfo(queryClient, { pets: me.pets.filter((p) => p.id !== petId) });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: petsQueryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: myInfoQueryKey }),
  ]);
}
