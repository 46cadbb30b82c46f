import { notifications } from '@mantine/notifications';
import type { ShareLink } from '@pet/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { PetShareLinksCard } from './PetShareLinksCard.tsx';

const SLOW = { timeout: 4000 };
const URL_SHOWN_ONCE = 'https://portal.example/shared/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCd';
const DAY_MS = 86_400_000;

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

function link(overrides: Partial<ShareLink> = {}): ShareLink {
  return {
    id: 'link-1',
    pet_id: 'pet-1',
    include_documents: false,
    created_at: '2026-03-01T09:00:00.000Z',
    expires_at: new Date(Date.now() + 5 * DAY_MS).toISOString(),
    last_used_at: null,
    active: true,
    ...overrides,
  };
}

function setup(initial: ShareLink[], options: { language?: 'de'; brand?: 'hunde-schutz' } = {}) {
  let links = initial;
  const server = mockFetch({
    'GET /v1/share-link/mylinks': () => ({ body: links }),
    'POST /v1/share-link': ({ body }) => {
      const made = link({
        id: 'link-new',
        include_documents: (body as { include_documents: boolean }).include_documents,
        created_at: new Date().toISOString(),
      });
      links = [made, ...links];
      return { status: 201, body: { ...made, url: URL_SHOWN_ONCE } };
    },
    'DELETE /v1/share-link': ({ url }) => {
      links = links.map((l) => (l.id === url.searchParams.get('id') ? { ...l, active: false } : l));
      return { status: 204 };
    },
  });
  renderRoutes([{ path: '/', element: <PetShareLinksCard pet={{ id: 'pet-1', name: 'Bello' }} /> }], options);
  return server;
}

describe('share links card', () => {
  it('creates a link for the chosen days with documents, shows it once with a copy button', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const server = setup([]);
    expect(await screen.findByText('No links yet.', {}, SLOW)).toBeTruthy();

    fireEvent.click(screen.getByRole('combobox', { name: 'Valid for' }));
    fireEvent.click(await screen.findByRole('option', { name: '14 days', hidden: true }, SLOW));
    fireEvent.click(screen.getByRole('checkbox', { name: /Include documents/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));

    const address = await screen.findByRole('textbox', { name: 'Link to share' }, SLOW);
    expect((address as HTMLInputElement).value).toBe(URL_SHOWN_ONCE);
    const [request] = server.find('POST', '/v1/share-link');
    expect(request?.url.searchParams.get('pet_id')).toBe('pet-1');
    expect(request?.body).toEqual({ days: 14, include_documents: true });
    expect(screen.getByText(/shown only this once/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(URL_SHOWN_ONCE), SLOW);
    expect(await screen.findByRole('button', { name: 'Copied' }, SLOW)).toBeTruthy();

    // The list, refreshed, has the new link (never its address).
    const rows = await screen.findAllByTestId('share-link', {}, SLOW);
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByText('With documents')).toBeTruthy();
    expect(within(rows[0]!).queryByText(URL_SHOWN_ONCE)).toBeNull();

    // Revoked, its address is no longer offered for copying.
    fireEvent.click(within(rows[0]!).getByRole('button', { name: /^Revoke the link created/ }));
    fireEvent.click(
      within(await screen.findByRole('dialog', {}, SLOW)).getByRole('button', { name: 'Revoke' }),
    );
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Link to share' })).toBeNull(), SLOW);
  });

  it('lists links with their state, expiry and last use', async () => {
    setup([
      link({ last_used_at: '2026-03-02T08:30:00.000Z' }),
      link({
        id: 'link-2',
        active: false,
        include_documents: true,
        expires_at: '2026-02-01T09:00:00.000Z',
      }),
      link({ id: 'link-3', active: false }),
    ]);
    const rows = await screen.findAllByTestId('share-link', {}, SLOW);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Active')).toBeTruthy();
    expect(within(rows[0]!).getByText(/^Valid until \d\d\.\d\d\.\d{4} \d\d:\d\d$/)).toBeTruthy();
    expect(within(rows[0]!).getByText(/^Last opened 02\.03\.2026/)).toBeTruthy();
    expect(within(rows[1]!).getByText('Expired')).toBeTruthy();
    expect(within(rows[1]!).getByText(/^Ended 01\.02\.2026/)).toBeTruthy();
    expect(within(rows[1]!).getByText('Not opened yet')).toBeTruthy();
    expect(within(rows[2]!).getByText('Revoked')).toBeTruthy();
    // Only an active link can be revoked.
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
  });

  it('revokes a link only after a confirmation', async () => {
    const server = setup([link()]);
    fireEvent.click(await screen.findByRole('button', { name: /^Revoke the link created/ }, SLOW));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(within(dialog).getByText(/can no longer see Bello’s data/)).toBeTruthy();
    expect(server.find('DELETE', '/v1/share-link')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(server.find('DELETE', '/v1/share-link')).toHaveLength(1), SLOW);
    expect(server.find('DELETE', '/v1/share-link')[0]?.url.searchParams.get('id')).toBe('link-1');
    expect(await screen.findByText('Revoked', {}, SLOW)).toBeTruthy();
  });

  it('in German, with the dog brand’s wording', async () => {
    setup([link()], { language: 'de', brand: 'hunde-schutz' });
    expect(
      await screen.findByRole('heading', { name: 'Mit Tierarzt oder Betreuung teilen' }, SLOW),
    ).toBeTruthy();
    expect(
      screen.getByText(/ein Hundesitter das Profil, die Kontakte und die medizinischen Daten von Bello/),
    ).toBeTruthy();
    expect(await screen.findByText('Aktiv', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Link erstellen' })).toBeTruthy();
  });
});
