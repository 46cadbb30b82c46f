import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { CalendarFeedCard } from './CalendarFeedCard.tsx';

const SLOW = { timeout: 4000 };
const SECRET_URL = 'https://portal.example/v1/calendar/s3cr3t.ics';

afterEach(() => notifications.clean());

function setup(initial: { exists: boolean; created_at: string | null }, language?: 'de') {
  let feed = { ...initial, url: null as string | null };
  const server = mockFetch({
    'GET /v1/calendar/feed': () => ({ body: feed }),
    'POST /v1/calendar/feed': () => {
      feed = { exists: true, created_at: '2026-03-01T09:00:00.000Z', url: null };
      return { status: 201, body: { ...feed, url: SECRET_URL } };
    },
    'DELETE /v1/calendar/feed': () => {
      feed = { exists: false, created_at: null, url: null };
      return { status: 204 };
    },
  });
  renderRoutes([{ path: '/', element: <CalendarFeedCard /> }], { language });
  return server;
}

async function confirmIn(buttonName: string) {
  const dialog = await screen.findByRole('dialog', {}, SLOW);
  fireEvent.click(within(dialog).getByRole('button', { name: buttonName }));
}

describe('calendar feed card', () => {
  it('without a feed: creating one shows its address once, with a copy button and how to subscribe', async () => {
    const server = setup({ exists: false, created_at: null });
    expect(await screen.findByText('You have no calendar address yet.', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create feed address' }));

    const address = await screen.findByRole('textbox', { name: 'Your private calendar address' }, SLOW);
    expect((address as HTMLInputElement).value).toBe(SECRET_URL);
    expect(server.find('POST', '/v1/calendar/feed')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Open in calendar app/ }).getAttribute('href')).toBe(
      'webcal://portal.example/v1/calendar/s3cr3t.ics',
    );
    expect(screen.getByText(/^Google Calendar \(in a browser\)/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create new address' })).toBeTruthy();
  });

  it('an existing feed: its date, no address; replacing it asks first', async () => {
    const server = setup({ exists: true, created_at: '2026-02-03T10:00:00.000Z' });
    expect(await screen.findByText(/active since 03\.02\.2026/, {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Create new address' }));
    await screen.findByText('Create a new calendar address?', {}, SLOW);
    expect(server.find('POST', '/v1/calendar/feed')).toHaveLength(0);
    await confirmIn('Create new address');
    await waitFor(() => expect(server.find('POST', '/v1/calendar/feed')).toHaveLength(1), SLOW);
    expect(await screen.findByDisplayValue(SECRET_URL, {}, SLOW)).toBeTruthy();
  });

  it('revoking asks first, then sends DELETE and offers a new address', async () => {
    const server = setup({ exists: true, created_at: '2026-02-03T10:00:00.000Z' });
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke' }, SLOW));
    await confirmIn('Revoke');
    await waitFor(() => expect(server.find('DELETE', '/v1/calendar/feed')).toHaveLength(1), SLOW);
    expect(await screen.findByRole('button', { name: 'Create feed address' }, SLOW)).toBeTruthy();
  });

  it('in German', async () => {
    setup({ exists: false, created_at: null }, 'de');
    expect(await screen.findByRole('heading', { name: 'Kalender-Abonnement' }, SLOW)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Feed-Adresse erstellen' }, SLOW)).toBeTruthy();
  });
});
