import type { MedicalListItem } from '@pet/shared';
import type { BrandId } from '@pet/shared/brands';
import type { Language } from '@pet/shared/constants';
import { type MockAnswer, mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { MedicalDataPage } from '../routes/MedicalDataPage.tsx';
import { BELLO, meWithMedical } from './fakeMedical.ts';

type Handler = MockAnswer | ((request: { url: URL; body: unknown }) => MockAnswer);

interface Options {
  /** What GET /v1/medical/mypetmedicals answers (a function to change it between calls). */
  records?: MedicalListItem[] | (() => MedicalListItem[]);
  me?: unknown;
  language?: Language;
  brand?: BrandId;
  /** More answers of the fake server ("POST /v1/medical/allergy": ...). */
  handlers?: Record<string, Handler>;
}

/** The medical pages of /pet-details/:name/:id/medical-data/* at `url`, against a fake server. */
export function renderMedical(
  url: string,
  { records = [], me, language, brand, handlers = {} }: Options = {},
) {
  const server = mockFetch({
    'GET /v1/auth/myinfo': { body: me ?? meWithMedical() },
    'GET /v1/pet': { body: BELLO },
    'GET /v1/medical/mypetmedicals': () => ({
      body: typeof records === 'function' ? records() : records,
    }),
    'POST /v1/log': { status: 204 },
    ...handlers,
  });
  const view = renderRoutes(
    [{ path: '/pet-details/:name/:id/medical-data/*', element: <MedicalDataPage /> }],
    { url, language, brand },
  );
  return { server, ...view };
}
