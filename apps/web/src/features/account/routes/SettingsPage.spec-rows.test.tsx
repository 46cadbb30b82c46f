// Spec 1 section 3, /my-account/profile/settings (issue 47, point 8): the stay-signed-in switch, logout and help,
// and the address accordion's collapse animation (spec 1 section 9: "Collapse animation 250 ms").
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeMyInfo, type MockAnswer, mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { PublicOnly, RequireAuth } from '../../auth/routes/guards.tsx';
import { SettingsPage } from './SettingsPage.tsx';

const signedOut = { status: 401, body: { code: 'UNAUTHORIZED', message: 'x' } };

/** The settings page inside the app's guards, so signing out leads where the app leads. */
function renderSettings(options: Parameters<typeof renderRoutes>[1] = {}) {
  return renderRoutes(
    [
      {
        path: '/my-account/profile/settings',
        element: (
          <RequireAuth>
            <SettingsPage />
          </RequireAuth>
        ),
      },
      {
        path: '/signin',
        element: (
          <PublicOnly>
            <p>sign-in page</p>
          </PublicOnly>
        ),
      },
    ],
    { url: '/my-account/profile/settings', ...options },
  );
}

/** A server whose myinfo follows PUT /v1/auth/modify, unless `modify` answers otherwise. */
function settingsServer(overrides: Record<string, unknown> = {}, modify?: MockAnswer) {
  let me = fakeMyInfo(overrides);
  let signedIn = true;
  return mockFetch({
    'GET /v1/auth/myinfo': () => (signedIn ? { body: me } : signedOut),
    'PUT /v1/auth/modify': ({ body }) => {
      if (modify) return modify;
      me = { ...me, ...(body as object) };
      return { body: me };
    },
    'POST /api/auth/sign-out': () => {
      signedIn = false;
      return { body: { success: true } };
    },
  });
}

// Mantine's switch label holds the hint too, so the name starts with the label.
const stayToggle = (label = 'Stay signed in') =>
  screen.findByRole('switch', { name: new RegExp(`^${label}`) });
const checked = (element: HTMLElement) => (element as HTMLInputElement).checked;

describe('settings: stay signed in', () => {
  it('shows the saved choice, and switching off saves stay_loggedin false', async () => {
    const server = settingsServer({ stay_loggedin: true });
    renderSettings();
    const toggle = await stayToggle();
    expect(screen.getByText('Keeps you signed in on this device for 30 days.')).toBeTruthy();
    expect(checked(toggle)).toBe(true);

    fireEvent.click(toggle);
    expect(await screen.findByText('Your sign-in preference has been saved.')).toBeTruthy();
    expect(server.find('PUT', '/v1/auth/modify').map((r) => r.body)).toEqual([{ stay_loggedin: false }]);
    expect(checked(await stayToggle())).toBe(false);
  });

  it('switching on saves stay_loggedin true', async () => {
    const server = settingsServer({ stay_loggedin: false });
    renderSettings();
    const toggle = await stayToggle();
    expect(checked(toggle)).toBe(false);
    fireEvent.click(toggle);
    expect(await screen.findByText('Your sign-in preference has been saved.')).toBeTruthy();
    expect(server.find('PUT', '/v1/auth/modify').map((r) => r.body)).toEqual([{ stay_loggedin: true }]);
    expect(checked(await stayToggle())).toBe(true);
  });

  it('a failed save says so and switches back', async () => {
    settingsServer({ stay_loggedin: true }, { status: 400, body: { code: 'BAD_REQUEST', message: 'x' } });
    renderSettings();
    fireEvent.click(await stayToggle());
    expect(await screen.findByText('Oops! Update failed.')).toBeTruthy();
    expect(screen.queryByText('Your sign-in preference has been saved.')).toBeNull();
    expect(checked(await stayToggle())).toBe(true);
  });
});

describe('settings: logout and help', () => {
  it('Log out ends the session and goes to plain /signin', async () => {
    const server = settingsServer();
    const { router } = renderSettings();
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('sign-in page')).toBeTruthy();
    expect(server.find('POST', '/api/auth/sign-out')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.location.search).toBe('');
  });

  it('help names the brand and opens its FAQ in a new tab', async () => {
    settingsServer();
    renderSettings({ brand: 'tier-fritz' });
    expect(await screen.findByText('Questions about Tier-Fritz? Our FAQ has the answers.')).toBeTruthy();
    const help = screen.getByRole('link', { name: 'Help & FAQ' });
    expect(help.getAttribute('href')).toBe('https://www.tier-fritz.de/faq');
    expect(help.getAttribute('target')).toBe('_blank');
    expect(help.getAttribute('rel')).toContain('noopener');
  });

  it('in German', async () => {
    settingsServer({ language: 'de' });
    renderSettings({ language: 'de' });
    expect(await stayToggle('Angemeldet bleiben')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Hilfe & FAQ' }).getAttribute('href')).toBe(
      'https://www.petention.de/faq',
    );
  });
});

/** The milliseconds of every transition in an element's inline style. */
function transitionDurations(element: HTMLElement): number[] {
  return [...element.style.transition.matchAll(/(\d+)ms/g)].map((match) => Number(match[1]));
}

describe('settings: the address accordion (spec 1 section 9: collapse animation 250 ms)', () => {
  it('opens and closes in 250 ms', async () => {
    settingsServer();
    renderSettings();
    const control = await screen.findByRole('button', { name: /^Address/ });
    expect(control.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(control);
    await waitFor(() => expect(control.getAttribute('aria-expanded')).toBe('true'));
    const panel = document.getElementById(control.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(transitionDurations(panel).length).toBeGreaterThan(0);
    expect(new Set(transitionDurations(panel))).toEqual(new Set([250]));
    fireEvent.click(control);
    await waitFor(() => expect(control.getAttribute('aria-expanded')).toBe('false'));
    expect(new Set(transitionDurations(panel))).toEqual(new Set([250]));
  });
});
