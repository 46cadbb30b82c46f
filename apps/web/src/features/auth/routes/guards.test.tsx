import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeMyInfo, mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { PublicOnly, RequireAuth } from './guards.tsx';

const signedOut = { status: 401, body: { code: 'UNAUTHORIZED', message: 'x' } };

function renderGuarded(url: string) {
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <RequireAuth>
            <p>home page</p>
          </RequireAuth>
        ),
      },
      {
        path: '/my-account/profile',
        element: (
          <RequireAuth>
            <p>profile page</p>
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
      {
        path: '/register',
        element: (
          <PublicOnly>
            <p>register page</p>
          </PublicOnly>
        ),
      },
    ],
    { url },
  );
}

describe('route guards and the signed-in hint (decision 0013)', () => {
  it('without the hint a public page shows at once, and nothing asks for myinfo', async () => {
    const server = mockFetch({ 'GET /v1/auth/myinfo': signedOut }, { signedIn: false });
    renderGuarded('/signin');
    // In the first render: no loader while a probe is under way.
    expect(screen.getByText('sign-in page')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.find('GET', '/v1/auth/myinfo')).toHaveLength(0);
  });

  it('without the hint a protected page sends to /signin at once, without a request', async () => {
    const server = mockFetch({ 'GET /v1/auth/myinfo': { body: fakeMyInfo() } }, { signedIn: false });
    const { router } = renderGuarded('/my-account/profile');
    expect(screen.getByText('sign-in page')).toBeTruthy();
    expect(router.state.location.search).toBe(`?continueUrl=${encodeURIComponent('/my-account/profile')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.find('GET', '/v1/auth/myinfo')).toHaveLength(0);
  });

  it('with the hint the session is asked for as before, and a 401 still means signed out', async () => {
    const server = mockFetch({ 'GET /v1/auth/myinfo': signedOut }, { signedIn: true });
    renderGuarded('/my-account/profile');
    expect(await screen.findByText('sign-in page')).toBeTruthy();
    expect(server.find('GET', '/v1/auth/myinfo')).toHaveLength(1);
  });
});

describe('route guards', () => {
  it('a signed-out visitor of a protected page goes to /signin with the page as continueUrl', async () => {
    mockFetch({ 'GET /v1/auth/myinfo': signedOut });
    const { router } = renderGuarded('/my-account/profile?tab=1');
    expect(await screen.findByText('sign-in page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.location.search).toBe(
      `?continueUrl=${encodeURIComponent('/my-account/profile?tab=1')}`,
    );
  });

  it('an unverified session counts as signed out', async () => {
    mockFetch({ 'GET /v1/auth/myinfo': { body: fakeMyInfo({ emailVerified: false }) } });
    const { router } = renderGuarded('/my-account/profile');
    expect(await screen.findByText('sign-in page')).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('continueUrl')).toBe('/my-account/profile');
  });

  it('a verified user sees the protected page', async () => {
    mockFetch({ 'GET /v1/auth/myinfo': { body: fakeMyInfo() } });
    renderGuarded('/my-account/profile');
    expect(await screen.findByText('profile page')).toBeTruthy();
  });

  it('a verified user on a public page goes to /', async () => {
    mockFetch({ 'GET /v1/auth/myinfo': { body: fakeMyInfo() } });
    const { router } = renderGuarded('/signin');
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('/register?email=<someone else> signs the current user out and shows the form', async () => {
    let signedIn = true;
    const server = mockFetch({
      'GET /v1/auth/myinfo': () => (signedIn ? { body: fakeMyInfo() } : signedOut),
      'POST /api/auth/sign-out': () => {
        signedIn = false;
        return { body: { success: true } };
      },
    });
    renderGuarded('/register?email=other%40example.com');
    expect(await screen.findByText('register page')).toBeTruthy();
    expect(server.find('POST', '/api/auth/sign-out')).toHaveLength(1);
  });

  it('a different app token than the stored one signs out and signs in again with the new one', async () => {
    window.sessionStorage.setItem('pet.embedded', JSON.stringify({ param: 'tokenA', token: 'old' }));
    let signedIn = true;
    const server = mockFetch({
      'GET /v1/auth/myinfo': () => (signedIn ? { body: fakeMyInfo() } : signedOut),
      'POST /api/auth/sign-out': () => {
        signedIn = false;
        return { body: { success: true } };
      },
    });
    const { router } = renderGuarded('/my-account/profile?tokenA=new');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(server.find('POST', '/api/auth/sign-out')).toHaveLength(1);
    expect(new URLSearchParams(router.state.location.search).get('continueUrl')).toBe(
      '/my-account/profile?tokenA=new',
    );
    expect(window.sessionStorage.getItem('pet.embedded')).toBeNull();
  });
});
