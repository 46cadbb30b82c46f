import type { Language } from '@pet/shared/constants';
import type { LegalDocument } from '@pet/shared/domain/account';
import { apiPaths } from '@pet/shared/paths';
import { legalDocumentResponseSchema } from '@pet/shared/schemas/account';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api/client.ts';

// The legal texts (issue 15): the brand's Markdown from GET /v1/legal/{document}?language=, public.

/** One document in one language; a language switch reads the other language's text. */
export const legalDocumentQuery = (document: LegalDocument, language: Language) =>
  queryOptions({
    queryKey: ['legal', document, language] as const,
    queryFn: async ({ signal }) =>
      legalDocumentResponseSchema.parse(
        await apiFetch(`${apiPaths.legal}/${document}`, { query: { language }, signal }),
      ),
    // The operator may replace a text at any time; the server's short max-age already bounds how stale it is.
    staleTime: 60_000,
  });
