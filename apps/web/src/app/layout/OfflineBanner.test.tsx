import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/ApiError.ts';
import { apiFetch } from '../../lib/api/client.ts';
import { errorTextKey } from '../../lib/errors.ts';
import { OFFLINE_COPY_HEADER, SAVED_AT_HEADER } from '../../lib/offline/offlineReads.ts';
import { mockFetch } from '../../test/fetchMock.ts';
import { renderRoutes } from '../../test/render.tsx';
import { OfflineBanner } from './OfflineBanner.tsx';

// Issue 48: a read the service worker answered from its kept copy (no network) carries its marks; the page
// says it shows saved data, and since when, until a fresh answer comes; a write failing meanwhile is "offline".

/** 7 December 2026, 08:05 on the test's clock, as the worker writes it (ISO 8601). */
const SAVED_AT = new Date(2026, 11, 7, 8, 5).toISOString();
const EARLIER = new Date(2026, 11, 6, 19, 30).toISOString();

const kept = (savedAt: string) => ({
  body: [],
  headers: { [OFFLINE_COPY_HEADER]: '1', [SAVED_AT_HEADER]: savedAt },
});

/** The banner above a page; resolves once the page is drawn. */
async function renderBanner(language: 'en' | 'de' = 'en') {
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <OfflineBanner />
            <p>page</p>
          </>
        ),
      },
    ],
    { language },
  );
  await screen.findByText('page');
}

describe('OfflineBanner', () => {
  it('says the page shows what was saved, and when, after a read answered from the kept copy', async () => {
    mockFetch({ 'GET /v1/pet': kept(SAVED_AT) });
    await apiFetch('/v1/pet');
    await renderBanner();
    expect((await screen.findByTestId('offline-banner')).textContent).toBe(
      'You are offline. Showing what was saved on 07.12.2026 08:05.',
    );
  });

  it('in German', async () => {
    mockFetch({ 'GET /v1/pet': kept(SAVED_AT) });
    await apiFetch('/v1/pet');
    await renderBanner('de');
    expect((await screen.findByTestId('offline-banner')).textContent).toBe(
      'Sie sind offline. Angezeigt wird der Stand vom 07.12.2026 08:05.',
    );
  });

  it('names the oldest kept answer the page shows', async () => {
    mockFetch({ 'GET /v1/pet': kept(SAVED_AT), 'GET /v1/contact/mycontacts': kept(EARLIER) });
    await apiFetch('/v1/pet');
    await apiFetch('/v1/contact/mycontacts');
    await renderBanner();
    expect((await screen.findByTestId('offline-banner')).textContent).toContain('06.12.2026 19:30');
  });

  it('is gone once a fresh answer came; absent when every answer was fresh', async () => {
    mockFetch({ 'GET /v1/pet': kept(SAVED_AT), 'GET /v1/auth/myinfo': { body: null } });
    await apiFetch('/v1/pet');
    await apiFetch('/v1/auth/myinfo');
    await renderBanner();
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });
});

describe('a write without a network', () => {
  const noNetwork = () => {
    throw new TypeError('Failed to fetch');
  };

  it('is "no internet" while the page shows kept data, though the browser calls itself online', async () => {
    mockFetch({ 'GET /v1/pet': kept(SAVED_AT), 'POST /v1/contact': noNetwork });
    await apiFetch('/v1/pet');
    const error = await apiFetch('/v1/contact', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(errorTextKey(error)).toBe('No_Internet_Text');
  });

  it('is "server down" when the page shows fresh data and the browser is online', async () => {
    mockFetch({ 'GET /v1/pet': { body: [] }, 'POST /v1/contact': noNetwork });
    await apiFetch('/v1/pet');
    const error = await apiFetch('/v1/contact', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(errorTextKey(error)).toBe('Server_Down_Text');
  });
});
