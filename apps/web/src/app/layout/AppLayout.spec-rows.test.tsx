// Spec 1 section 2, Layout (issue 47 point 8): the header hidden in app-embedded mode, the 285 px side bar
// with Home, Events and Emergency case files, breadcrumbs on inner pages only, and the whole layout replaced
// by a full-page spinner in the states hideall and Loading.

import { act, screen, within } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setSignInPending, useSignInPending } from '../../lib/session/visibility.ts';
import { fakeMyInfo, mockFetch, setSessionHint } from '../../test/fetchMock.ts';
import { renderRoutes } from '../../test/render.tsx';
import { routes } from '../routes.tsx';
import { AppLayout } from './AppLayout.tsx';

const PETS = [{ id: 'p1', name: 'Bello', role: 'owner', owner_name: null }];

function signedIn(language: 'en' | 'de' = 'en') {
  return mockFetch({ 'GET /v1/auth/myinfo': { body: fakeMyInfo({ pets: PETS, language }) } });
}

function renderLayout(page: React.ReactNode = <p>inner page</p>, language?: 'en' | 'de') {
  return renderRoutes([{ element: <AppLayout />, children: [{ path: '*', element: page }] }], {
    url: '/dashboard',
    language,
  });
}

/** The AppShell's variables outside any media query (all screen sizes), as Mantine writes them. */
function shellVariables(): Record<string, string> {
  const css = [...document.querySelectorAll('style')]
    .map((style) => style.textContent ?? '')
    .find((text) => text.includes('--app-shell-'));
  const base = /(?:^|\})\s*:root\{([^}]*)\}/.exec(css?.slice(css.indexOf(':root{--app-shell')) ?? '')?.[1];
  return Object.fromEntries(
    (base ?? '')
      .split(';')
      .filter(Boolean)
      .map((declaration) => {
        const colon = declaration.indexOf(':');
        return [declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim()];
      }),
  );
}

const HEADER_COLLAPSED = 'translateY(calc(var(--app-shell-header-height) * -1))';

describe('the header (spec 1 section 2 and 4: hidden in app-embedded mode)', () => {
  it('shows in the browser: the top bar with the account menu, the page below it', async () => {
    signedIn();
    renderLayout();
    await screen.findByText('inner page');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('button', { name: /Account menu/ })).toBeTruthy();
    const vars = shellVariables();
    expect(vars['--app-shell-header-transform']).toBeUndefined();
    expect(vars['--app-shell-header-offset']).toBe('calc(4rem * var(--mantine-scale))');
  });

  it.each([
    ['Android (tokenA)', 'tokenA'],
    ['iOS (tokenI)', 'tokenI'],
  ])('is moved out of sight in the %s app, and the page starts at the top', async (_, param) => {
    window.sessionStorage.setItem('pet.embedded', JSON.stringify({ param, token: 't' }));
    signedIn();
    renderLayout();
    await screen.findByText('inner page');
    const vars = shellVariables();
    expect(vars['--app-shell-header-transform']).toBe(HEADER_COLLAPSED);
    expect(vars['--app-shell-header-offset']).toBe('0px !important');
  });
});

describe('the side bar (spec 1 section 2 and 9)', () => {
  it('is 285 px wide', async () => {
    signedIn();
    renderLayout();
    await screen.findByText('inner page');
    // Mantine writes widths in rem (16 px each).
    expect(shellVariables()['--app-shell-navbar-width']).toBe(`calc(${285 / 16}rem * var(--mantine-scale))`);
  });

  it('starts with Home, Events and Emergency case files', async () => {
    signedIn();
    renderLayout();
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const links = within(nav)
      .getAllByRole('link')
      .slice(0, 3)
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/dashboard'],
      ['Events', '/dashboard/my-appointments'],
      ['Emergency case files', '/emergency-data'],
    ]);
  });

  it('in German: Startseite, Termine, Notfallakten', async () => {
    signedIn();
    renderLayout(<p>inner page</p>, 'de');
    const nav = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    const labels = within(nav)
      .getAllByRole('link')
      .slice(0, 3)
      .map((link) => link.textContent);
    expect(labels).toEqual(['Startseite', 'Termine', 'Notfallakten']);
  });
});

describe('breadcrumbs (spec 1 section 2: on inner pages)', () => {
  /** The app's own route table, so the crumbs its routes declare are the ones tested. */
  async function openApp(url: string, language: 'en' | 'de' = 'en') {
    signedIn(language);
    renderRoutes(routes, { url, language });
    // Side bar and breadcrumbs come in the same render of the layout.
    await screen.findByRole(
      'navigation',
      { name: language === 'de' ? 'Hauptnavigation' : 'Main navigation' },
      { timeout: 10_000 },
    );
  }

  /** The names of the page's navigation landmarks (an unnamed one as ''). */
  function landmarkNames() {
    return screen.getAllByRole('navigation').map((nav) => nav.getAttribute('aria-label') ?? '');
  }

  it('are a navigation landmark of their own, named "You are here", a name no other landmark has', async () => {
    await openApp('/my-account/profile/settings');
    const trail = screen.getByRole('navigation', { name: 'You are here' });
    expect(trail.tagName).toBe('NAV');
    expect(within(trail).getByRole('link', { name: 'My account' })).toBeTruthy();
    expect(landmarkNames().filter((name) => name === 'You are here')).toHaveLength(1);
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).not.toBe(trail);
  }, 20_000);

  it('in German: named "Sie sind hier"', async () => {
    await openApp('/my-account/profile/settings', 'de');
    const trail = screen.getByRole('navigation', { name: 'Sie sind hier' });
    expect(within(trail).getByRole('link', { name: 'Mein Konto' })).toBeTruthy();
    expect(within(trail).getByText('Einstellungen').getAttribute('aria-current')).toBe('page');
    expect(landmarkNames().filter((name) => name === 'Sie sind hier')).toHaveLength(1);
  }, 20_000);

  function crumbs() {
    const trail = screen.getByRole('navigation', { name: 'You are here' });
    return [...trail.querySelectorAll('a, [aria-current="page"]')].map((step) => [
      step.textContent,
      step.getAttribute('href') ?? step.getAttribute('aria-current'),
    ]);
  }

  it("a pet's page below: Home > pet > section > current page, each step a link but the last", async () => {
    await openApp('/pet-details/Bello/p1/appointments/add-appointment');
    expect(crumbs()).toEqual([
      ['Home', '/dashboard'],
      ['Bello', '/pet-details/Bello/p1'],
      ['Appointments', '/pet-details/Bello/p1/appointments'],
      ['Add appointment', 'page'],
    ]);
  }, 20_000);

  it('an account page: Home > My account > Profile > Settings', async () => {
    await openApp('/my-account/profile/settings');
    expect(crumbs()).toEqual([
      ['Home', '/dashboard'],
      ['My account', '/my-account'],
      ['Profile', '/my-account/profile'],
      ['Settings', 'page'],
    ]);
  }, 20_000);

  it('a first-level page: Home > Emergency case files', async () => {
    await openApp('/emergency-data');
    expect(crumbs()).toEqual([
      ['Home', '/dashboard'],
      ['Emergency case files', 'page'],
    ]);
  }, 20_000);

  it.each(['/', '/dashboard'])(
    'none on the home page %s',
    async (url) => {
      await openApp(url);
      expect(screen.queryByRole('navigation', { name: 'You are here' })).toBeNull();
      expect(screen.queryByLabelText('You are here')).toBeNull();
    },
    20_000,
  );
});

describe('the full-page spinner (spec 1 section 2: states hideall and Loading)', () => {
  it('Loading: while the session is fetched there is only the spinner, no header, side bar or page', async () => {
    setSessionHint(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderLayout();
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByText('inner page')).toBeNull();
  });

  it('hideall: the layout gives way to the spinner, and the page never shows in that state', async () => {
    const seen: boolean[] = [];
    function Page() {
      const signingIn = useSignInPending();
      useLayoutEffect(() => {
        seen.push(signingIn);
      });
      return <p>inner page</p>;
    }
    signedIn();
    renderLayout(<Page />);
    await screen.findByText('inner page');
    expect(screen.getByRole('banner')).toBeTruthy();

    const added: Node[] = [];
    const removed: Node[] = [];
    const observer = new MutationObserver(() => {});
    observer.observe(document.body, { childList: true, subtree: true });
    // Sign-in finishing: the state hideall, which the layout leaves once it has landed (AppLayout's effect).
    act(() => setSignInPending(true));
    for (const record of observer.takeRecords()) {
      added.push(...record.addedNodes);
      removed.push(...record.removedNodes);
    }
    observer.disconnect();

    const spinner = added.find(
      (node): node is HTMLElement =>
        node instanceof HTMLElement &&
        node.getAttribute('role') === 'status' &&
        node.getAttribute('aria-label') === 'Loading…',
    );
    expect(spinner?.style.height).toBe('100dvh');
    // The whole frame went: the top bar and the side bar with it, not only the page.
    expect(removed.some((node) => node instanceof HTMLElement && node.querySelector('header, nav'))).toBe(
      true,
    );
    expect(seen).not.toContain(true);
    // Left again at once: the frame and the page are back.
    expect(screen.getByText('inner page')).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
  });
});
