import type { CreateContactInput, UpdateContactInput } from '@pet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactsKey, createContact, deleteContact, updateContact } from './contactsApi.ts';

// Every write refreshes the contact lists: the one on screen at once, the other pets' (which an "also add
// to" copy changed) when they are next shown. A failed write is reported once, by the query client's
// MutationCache.

export const contactMutationKeys = {
  create: ['contacts', 'create'],
  update: ['contacts', 'update'],
  remove: ['contacts', 'delete'],
} as const;

function useRefreshLists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: contactsKey });
}

export function useCreateContact(petId: string) {
  const refresh = useRefreshLists();
  return useMutation({
    mutationKey: contactMutationKeys.create,
    mutationFn: (body: CreateContactInput) => createContact(petId, body),
    onSuccess: refresh,
  });
}

export function useUpdateContact(contactId: string) {
  const refresh = useRefreshLists();
  return useMutation({
    mutationKey: contactMutationKeys.update,
    mutationFn: (body: UpdateContactInput) => updateContact(contactId, body),
    onSuccess: refresh,
  });
}

export function useDeleteContact(contactId: string) {
  const refresh = useRefreshLists();
  return useMutation({
    mutationKey: contactMutationKeys.remove,
    mutationFn: () => deleteContact(contactId),
    onSuccess: refresh,
  });
}
