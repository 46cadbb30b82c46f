import type { CreateDocumentInput, UpdateDocumentInput } from '@pet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createDocument, deleteDocument, documentsKey, updateDocument } from './documentsApi.ts';

// A save or a delete refreshes the pet's documents (hub counts, lists and the limit state alike). A failed
// write is reported once, by the query client's MutationCache.

export const documentMutationKeys = {
  create: ['documents', 'create'],
  update: ['documents', 'update'],
  remove: ['documents', 'delete'],
} as const;

function useRefreshDocuments() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: documentsKey });
}

export function useCreateDocument(petId: string) {
  const refresh = useRefreshDocuments();
  return useMutation({
    mutationKey: documentMutationKeys.create,
    mutationFn: (body: CreateDocumentInput) => createDocument(petId, body),
    onSuccess: refresh,
  });
}

export function useUpdateDocument(docId: string) {
  const refresh = useRefreshDocuments();
  return useMutation({
    mutationKey: documentMutationKeys.update,
    mutationFn: (body: UpdateDocumentInput) => updateDocument(docId, body),
    onSuccess: refresh,
  });
}

export function useDeleteDocument(docId: string) {
  const refresh = useRefreshDocuments();
  return useMutation({
    mutationKey: documentMutationKeys.remove,
    mutationFn: () => deleteDocument(docId),
    onSuccess: refresh,
  });
}
