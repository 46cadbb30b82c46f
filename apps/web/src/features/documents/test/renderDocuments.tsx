import type { DocumentList, Pet } from '@pet/shared';
import type { BrandId } from '@pet/shared/brands';
import type { Language } from '@pet/shared/constants';
import { type MockAnswer, mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { DocumentSafePage, VetFindingsPage } from '../routes/DocumentsPage.tsx';
import { BELLO, fakeList, meOnBasic } from './fakeDocuments.ts';

type Handler = MockAnswer | ((request: { url: URL; body: unknown }) => MockAnswer);

interface Options {
  /** What GET /v1/document/mydocs answers (a function to change it between calls). */
  list?: DocumentList | (() => DocumentList);
  me?: unknown;
  language?: Language;
  brand?: BrandId;
  /** The pet as GET /v1/pet answers it (a shared one, with the user's role); Bello, the user's own, else. */
  pet?: Pet;
  /** More answers of the fake server ("POST /v1/document": ...). */
  handlers?: Record<string, Handler>;
}

/** The document pages of /pet-details/:name/:id/{document-safe,vet-findings}/* at `url`, against a fake server. */
export function renderDocuments(
  url: string,
  { list = fakeList([]), me, language, brand, pet = BELLO, handlers = {} }: Options = {},
) {
  const server = mockFetch({
    'GET /v1/auth/myinfo': { body: me ?? meOnBasic() },
    'GET /v1/pet': { body: pet },
    'GET /v1/document/mydocs': () => ({ body: typeof list === 'function' ? list() : list }),
    'POST /v1/log': { status: 204 },
    ...handlers,
  });
  const view = renderRoutes(
    [
      { path: '/pet-details/:name/:id/document-safe/*', element: <DocumentSafePage /> },
      { path: '/pet-details/:name/:id/vet-findings/*', element: <VetFindingsPage /> },
    ],
    { url, language, brand },
  );
  return { server, ...view };
}
