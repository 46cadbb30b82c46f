import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeMyInfo, mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { DeleteAccountPage } from './DeleteAccountPage.tsx';

// Spec 2 section 4, "Account deletion" (issue 15): what happens, the confirm dialog, the deleted-confirmation
// screen whose OK signs out (which erases the account at once).

afterEach(() => notifications.clean());

function renderPage(options: Parameters<typeof renderRoutes>[1] = {}) {
  return renderRoutes(
    [
      { path: '/my-account/delete-account', element: <DeleteAccountPage /> },
      { path: '/signin', element: <p>sign-in page</p> },
    ],
    { url: '/my-account/delete-account', ...options },
  );
}

const deletionServer = (me = fakeMyInfo(), deletion: { status?: number; body?: unknown } = {}) =>
  mockFetch({
    'GET /v1/auth/myinfo': { body: me },
    'DELETE /v1/auth/deleteuseracc': deletion.status
      ? deletion
      : { body: { deletes_at: '2026-11-25T10:00:00.000Z' } },
    'POST /api/auth/sign-out': { body: { success: true } },
  });

describe('delete account', () => {
  it('explains, asks, deletes the own account, and OK signs out', async () => {
    const server = deletionServer();
    renderPage();
    expect(await screen.findByText(/erases everything you keep at Petention/)).toBeTruthy();
    expect(screen.getByText(/invoices of your payments are kept for ten years/)).toBeTruthy();
    expect(screen.getByText(/at the latest within 24 hours/)).toBeTruthy();
    expect(screen.getByText(/a paid plan is cancelled at once/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    // Keeping it sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.find('DELETE', '/v1/auth/deleteuseracc')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete account' }),
    );
    expect(await screen.findByRole('heading', { name: 'Your account is being deleted' })).toBeTruthy();
    const [sent] = server.find('DELETE', '/v1/auth/deleteuseracc');
    expect(sent?.url.searchParams.get('user_id')).toBe('u1');
    expect(server.find('POST', '/api/auth/sign-out')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(server.find('POST', '/api/auth/sign-out')).toHaveLength(1));
  });

  it('a refused request stays on the page and says so', async () => {
    deletionServer(fakeMyInfo(), { status: 404, body: { code: 'NOT_FOUND', message: 'Not_Found_Text' } });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete account' }),
    );
    expect(await screen.findByText('Oops! Update failed.')).toBeTruthy();
    expect(screen.getByText('The requested entry was not found.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your account is being deleted' })).toBeNull();
  });

  it('German, formal; the dog brand speaks of dogs', async () => {
    deletionServer(fakeMyInfo({ language: 'de' }));
    renderPage({ language: 'de', brand: 'hunde-schutz' });
    expect(await screen.findByText(/was Sie bei Hunde-Schutz gespeichert haben/)).toBeTruthy();
    expect(screen.getByText(/Ihre Hunde mit Bildern/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mein Konto löschen' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Möchten Sie Ihr Konto löschen?' })).getByRole(
        'button',
        { name: 'Konto löschen' },
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Ihr Konto wird gelöscht' })).toBeTruthy();
    expect(screen.getByText(/spätestens innerhalb von 24 Stunden/)).toBeTruthy();
  });
});
