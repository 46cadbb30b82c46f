import { brandConfig } from '@pet/shared/brands';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeMyInfo, type MockAnswer, mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { SignInPage } from '../routes/SignInPage.tsx';

const signedOut = { status: 401, body: { code: 'UNAUTHORIZED', message: 'x' } };

function renderSignIn(
  url = '/signin',
  brand: NonNullable<Parameters<typeof renderRoutes>[1]>['brand'] = 'petention',
) {
  return renderRoutes(
    [
      { path: '/signin', element: <SignInPage /> },
      { path: '/dashboard', element: <p>dashboard page</p> },
      { path: '/my-account/activate-product', element: <p>activate page</p> },
      { path: '/my-account/bills', element: <p>bills page</p> },
    ],
    { url, brand },
  );
}

function fillAndSubmit() {
  fireEvent.change(screen.getByLabelText(/^E-mail/, { selector: 'input' }), {
    target: { value: 'anna@example.com' },
  });
  fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), {
    target: { value: 'secret12' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

function signInAnswering(answer: MockAnswer) {
  return mockFetch({
    'GET /v1/auth/myinfo': signedOut,
    'POST /api/auth/sign-in/email': answer,
    'GET /v1/config': { body: { brand: 'petention', google: false } },
  });
}

describe('sign-in screen', () => {
  it('shows "incorrect e-mail or password" for wrong credentials', async () => {
    signInAnswering({
      status: 401,
      body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
    });
    renderSignIn();
    fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toContain('Incorrect e-mail address or password.');
  });

  it('shows the revoked-access text for a banned user', async () => {
    signInAnswering({
      status: 403,
      body: { code: 'BANNED_USER', message: 'You have been banned from this application' },
    });
    renderSignIn();
    fillAndSubmit();
    expect(await screen.findByText('Your access was revoked by an administrator.')).toBeTruthy();
  });

  it('an unverified e-mail opens the dialog, which can send the mail again', async () => {
    const server = mockFetch({
      'GET /v1/auth/myinfo': signedOut,
      'GET /v1/config': { body: { brand: 'petention', google: false } },
      'POST /api/auth/sign-in/email': {
        status: 403,
        body: { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' },
      },
      'POST /v1/auth/verification/sendemail': { body: { message: 'sent' } },
    });
    renderSignIn();
    fillAndSubmit();
    const dialog = await screen.findByRole('dialog', { name: 'E-mail verification failed' });
    expect(dialog.textContent).toContain('Your e-mail address has not been confirmed yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Send the confirmation e-mail again' }));
    expect(await screen.findByText('We have sent you a new confirmation e-mail.')).toBeTruthy();
    expect(server.find('POST', '/v1/auth/verification/sendemail')[0]?.body).toMatchObject({
      email: 'anna@example.com',
    });
  });

  it('429 asks to wait', async () => {
    signInAnswering({ status: 429, body: { message: 'Too many requests' } });
    renderSignIn();
    fillAndSubmit();
    expect(await screen.findByText('Too many attempts. Please wait a moment and try again.')).toBeTruthy();
  });

  it('a server fault says sign-in failed and is logged once; wrong credentials are not logged', async () => {
    const fault = signInAnswering({ status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } });
    const first = renderSignIn();
    fillAndSubmit();
    expect(await screen.findByText('Sign-in failed. Please try again.')).toBeTruthy();
    await waitFor(() => expect(fault.find('POST', '/v1/log')).toHaveLength(1));
    first.unmount();

    const refused = signInAnswering({
      status: 401,
      body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
    });
    renderSignIn();
    fillAndSubmit();
    expect(await screen.findByText('Incorrect e-mail address or password.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(refused.find('POST', '/api/auth/sign-in/email')).toHaveLength(1);
    expect(refused.find('POST', '/v1/log')).toHaveLength(0);
  });

  it('after success goes to continueUrl', async () => {
    let signedIn = false;
    mockFetch({
      'GET /v1/config': { body: { brand: 'petention', google: false } },
      'GET /v1/auth/myinfo': () => (signedIn ? { body: fakeMyInfo() } : signedOut),
      // A user without a product: the sign-in transition asks verifyemail (spec 1 section 4).
      'POST /v1/auth/verifyemail': { body: { message: 'verified' } },
      'POST /api/auth/sign-in/email': () => {
        signedIn = true;
        return { body: { token: 't' } };
      },
    });
    const { router } = renderSignIn('/signin?continueUrl=%2Fmy-account%2Fbills');
    fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-account/bills'));
  });

  it('sends the rememberMe choice and holds a hunde-schutz user without product on activation', async () => {
    let signedIn = false;
    const server = mockFetch({
      'GET /v1/config': { body: { brand: 'hunde-schutz', google: false } },
      'GET /v1/auth/myinfo': () =>
        signedIn ? { body: fakeMyInfo({ product_associated: false }) } : signedOut,
      'POST /v1/auth/verifyemail': { body: { message: 'default' } },
      'POST /api/auth/sign-in/email': () => {
        signedIn = true;
        return { body: { token: 't' } };
      },
    });
    const { router } = renderSignIn('/signin', brandConfig('hunde-schutz'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Stay signed in' }));
    fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-account/activate-product'));
    expect(server.find('POST', '/api/auth/sign-in/email')[0]?.body).toEqual({
      email: 'anna@example.com',
      password: 'secret12',
      rememberMe: false,
    });
  });

  it('shows the Google button only when the server offers it, and the register link per brand', async () => {
    mockFetch({
      'GET /v1/auth/myinfo': signedOut,
      'GET /v1/config': { body: { brand: 'tier-fritz', google: true } },
    });
    renderSignIn('/signin', 'tier-fritz');
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create an account' })).toBeTruthy();
  });

  it('petention has no register link and no Google button without configuration', async () => {
    const server = signInAnswering({ status: 500 });
    renderSignIn();
    await waitFor(() => expect(server.find('GET', '/v1/config')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();
  });

  it('validates e-mail and password on blur', async () => {
    signInAnswering({ status: 500 });
    renderSignIn();
    fireEvent.blur(screen.getByLabelText(/^E-mail/, { selector: 'input' }));
    expect(await screen.findByText('Please enter your e-mail address.')).toBeTruthy();
  });

  it('app-embedded mode: verifies the one-time token, keeps it and opens the page', async () => {
    let signedIn = false;
    const server = mockFetch({
      'GET /v1/config': { body: { brand: 'petention', google: false } },
      'GET /v1/auth/myinfo': () => (signedIn ? { body: fakeMyInfo() } : signedOut),
      // A user without a product: the sign-in transition asks verifyemail (spec 1 section 4).
      'POST /v1/auth/verifyemail': { body: { message: 'verified' } },
      'POST /api/auth/one-time-token/verify': () => {
        signedIn = true;
        return { body: {} };
      },
    });
    const { router } = renderSignIn(
      `/signin?continueUrl=${encodeURIComponent('/my-account/bills?tokenA=abc')}`,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-account/bills'));
    expect(server.find('POST', '/api/auth/one-time-token/verify')[0]?.body).toEqual({ token: 'abc' });
    expect(JSON.parse(window.sessionStorage.getItem('pet.embedded') ?? '{}')).toEqual({
      param: 'tokenA',
      token: 'abc',
    });
  });
});
