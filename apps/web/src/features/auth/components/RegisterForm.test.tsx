import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { RegisterPage } from '../routes/RegisterPage.tsx';

function renderRegister(options: Parameters<typeof renderRoutes>[1] = {}) {
  return renderRoutes(
    [
      { path: '/register', element: <RegisterPage /> },
      { path: '/signin', element: <p>sign-in page</p> },
    ],
    { url: '/register', ...options },
  );
}

const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

/** Fills the form without an activation code and presses Register. */
function registerWithoutCode(password: string) {
  fireEvent.click(screen.getByLabelText('Continue without a code'));
  fireEvent.change(field(/^Name/), { target: { value: 'Anna Muster' } });
  fireEvent.change(field(/^E-mail/), { target: { value: 'anna@example.com' } });
  fireEvent.change(field(/^Password/), { target: { value: password } });
  fireEvent.change(field(/^Confirm password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Register' }));
}

describe('register form', () => {
  it('validates each field on blur with the translated message', async () => {
    mockFetch({});
    renderRegister();

    fireEvent.blur(field(/^Name/));
    expect(await screen.findByText('Please enter a name.')).toBeTruthy();

    fireEvent.change(field(/^Name/), { target: { value: 'Al' } });
    fireEvent.blur(field(/^Name/));
    expect(await screen.findByText('The name must be 3 to 30 characters long.')).toBeTruthy();

    fireEvent.change(field(/^E-mail/), { target: { value: 'not-an-address' } });
    fireEvent.blur(field(/^E-mail/));
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeTruthy();

    fireEvent.change(field(/^Password/), { target: { value: 'abc' } });
    fireEvent.blur(field(/^Password/));
    expect(await screen.findByText('The password must be at least 6 characters long.')).toBeTruthy();

    fireEvent.change(field(/^Confirm password/), { target: { value: 'abd' } });
    fireEvent.blur(field(/^Confirm password/));
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
  });

  it('shows the messages in German when the interface is German', async () => {
    mockFetch({});
    renderRegister({ language: 'de' });
    fireEvent.blur(field(/^E-Mail/));
    expect(await screen.findByText('Bitte geben Sie Ihre E-Mail-Adresse ein.')).toBeTruthy();
  });

  it('counts the password characters against 30', async () => {
    mockFetch({});
    renderRegister();
    expect(screen.getByText('0/30')).toBeTruthy();
    fireEvent.change(field(/^Password/), { target: { value: 'secret1' } });
    expect(await screen.findByText('7/30')).toBeTruthy();
  });

  it('from a household invitation: no code asked, even on the tracker brand; the token is sent (issue 45)', async () => {
    const server = mockFetch({
      'POST /v1/auth/signup': { status: 201, body: { id: 'u1', email: 'anna@example.com' } },
      'GET /v1/auth/myinfo': { status: 401, body: { code: 'UNAUTHORIZED', message: 'x' } },
    });
    renderRegister({ brand: 'tier-fritz', url: '/register?invitation=tok-1' });
    expect(await screen.findByText(/no activation code is needed/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Activation code/)).toBeNull();
    fireEvent.change(field(/^Name/), { target: { value: 'Anna Muster' } });
    fireEvent.change(field(/^E-mail/), { target: { value: 'anna@example.com' } });
    fireEvent.change(field(/^Password/), { target: { value: 'secret-pass-1' } });
    fireEvent.change(field(/^Confirm password/), { target: { value: 'secret-pass-1' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(server.find('POST', '/v1/auth/signup')).toHaveLength(1));
    expect(server.find('POST', '/v1/auth/signup')[0]?.body).toMatchObject({
      activation_code: null,
      household_token: 'tok-1',
    });
  });

  it('OK with both fields empty shows both required messages (tracker brand)', async () => {
    const server = mockFetch({});
    renderRegister({ brand: 'tier-fritz' });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Please enter your activation code.')).toBeTruthy();
    expect(screen.getByText('Please enter the ID of your GPS tracker.')).toBeTruthy();
    expect(server.find('POST', '/v1/auth/verifycode')).toHaveLength(0);
  });

  it('has no "without code" option on the tracker brand, and "no" leads to the products', async () => {
    mockFetch({});
    renderRegister({ brand: 'tier-fritz' });
    expect(screen.queryByLabelText('Continue without a code')).toBeNull();
    fireEvent.click(screen.getByLabelText("No, I don't have a code yet"));
    const link = await screen.findByRole('link', { name: /Go to the products/ });
    expect(link.getAttribute('href')).toBe('https://www.tier-fritz.de/shop');
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
  });

  it('a wrong code (470) shows its message with the customer-service mail link', async () => {
    mockFetch({
      'POST /v1/auth/verifycode': { status: 470, body: { code: 'CODE_INVALID', message: 'Wrong_Code_Text' } },
    });
    renderRegister();
    fireEvent.change(field(/^Activation code/), { target: { value: 'ABCD-1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('This activation code is not valid.')).toBeTruthy();
    const mail = screen.getByRole('link', { name: 'service@petention.de' });
    expect(mail.getAttribute('href')).toBe('mailto:service@petention.de');
  });

  it('400 from the tracker check marks both fields invalid', async () => {
    mockFetch({
      'POST /v1/auth/verifycode': { status: 400, body: { code: 'VALIDATION_ERROR', message: 'Bad' } },
    });
    renderRegister({ brand: 'tier-fritz' });
    fireEvent.change(field(/^Activation code/), { target: { value: 'ABCD-1234' } });
    fireEvent.change(field(/^GPS tracker ID/), { target: { value: 'T-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('The activation code is invalid.')).toBeTruthy();
    expect(screen.getByText('The GPS tracker ID is invalid.')).toBeTruthy();
  });

  it('verifies the code, signs up with the payload of the spec and shows the thank-you step', async () => {
    const server = mockFetch({
      'POST /v1/auth/verifycode': { body: { isvalid: true, message: 'valid' } },
      'POST /v1/auth/signup': { status: 201, body: { id: 'u1', email: 'anna@example.com' } },
      'GET /v1/auth/myinfo': { status: 401, body: { code: 'UNAUTHORIZED', message: 'x' } },
    });
    renderRegister({ brand: 'tier-fritz', language: 'de' });
    fireEvent.change(field(/^Aktivierungscode/), { target: { value: 'ABCD-1234' } });
    fireEvent.change(field(/^GPS-Tracker-ID/), { target: { value: 'T-77' } });
    fireEvent.change(field(/^Name/), { target: { value: 'Anna Muster' } });
    fireEvent.change(field(/^E-Mail/), { target: { value: 'anna@example.com' } });
    fireEvent.change(field(/^Passwort$|^Passwort \*/), { target: { value: 'secret12' } });
    fireEvent.change(field(/^Passwort bestätigen/), { target: { value: 'secret12' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Datenschutzerklärung/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Registrieren' }));

    expect(await screen.findByText('Vielen Dank für Ihre Registrierung!')).toBeTruthy();
    expect(screen.getByText('anna@example.com')).toBeTruthy();
    expect(server.find('POST', '/v1/auth/verifycode')[0]?.body).toEqual({
      code: 'ABCD-1234',
      tracker_ids: ['T-77'],
    });
    expect(server.find('POST', '/v1/auth/signup')[0]?.body).toEqual({
      name: 'Anna Muster',
      email: 'anna@example.com',
      password: 'secret12',
      activation_code: 'ABCD-1234',
      language: 'de',
      product_associated: true,
      tracker_ids: ['T-77'],
    });
  });

  it('maps 409 at sign-up to "user already exists"', async () => {
    mockFetch({
      'POST /v1/auth/signup': { status: 409, body: { code: 'USER_EXISTS', message: 'User_Already_Exists' } },
    });
    renderRegister();
    registerWithoutCode('secret12');
    expect(await screen.findByText('An account with this e-mail address already exists.')).toBeTruthy();
  });

  it('a common password refused by the server shows under the password field', async () => {
    mockFetch({
      'POST /v1/auth/signup': {
        status: 400,
        body: {
          code: 'VALIDATION_ERROR',
          message: 'Bad_Request_Text',
          fields: { password: 'Password_Common_Error' },
        },
      },
    });
    renderRegister();
    registerWithoutCode('password1');
    expect(
      await screen.findByText(
        'This password is one of the most common ones and easy to guess. Please choose another.',
      ),
    ).toBeTruthy();
  });

  it('a server fault at sign-up says registration failed and is logged once', async () => {
    const fetch = mockFetch({
      'POST /v1/auth/signup': { status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } },
    });
    renderRegister();
    registerWithoutCode('secret12');
    expect(await screen.findByText('Registration failed. Please try again.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch.find('POST', '/v1/auth/signup')).toHaveLength(1);
    expect(fetch.find('POST', '/v1/log')).toHaveLength(1);
  });

  it('the older brand shows the successor-app notice instead of the form', () => {
    mockFetch({});
    renderRegister({ brand: 'primepet' });
    expect(screen.getByRole('link', { name: /Go to the successor app/ }).getAttribute('href')).toBe(
      'https://www.petention.de',
    );
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
  });

  it('submitting an empty form shows every required message', async () => {
    mockFetch({});
    renderRegister();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(screen.getByText('Please enter your activation code.')).toBeTruthy());
    expect(screen.getByText('Please enter a name.')).toBeTruthy();
    expect(screen.getByText('Please enter your e-mail address.')).toBeTruthy();
    expect(screen.getByText('Please enter a password.')).toBeTruthy();
    expect(screen.getByText('Please confirm your password.')).toBeTruthy();
    expect(screen.getByText('Please accept the privacy policy and the terms and conditions.')).toBeTruthy();
  });
});
