// The register and sign-in screens in German and on the tracker brand. The e2e journeys run these screens
// in full on petention in English; what changes with the language or the brand is proven here, so the
// German and tier-fritz e2e projects need not repeat those journeys (see e2e/playwright.config.ts).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { RegisterPage } from '../routes/RegisterPage.tsx';
import { SignInPage } from '../routes/SignInPage.tsx';

type Options = NonNullable<Parameters<typeof renderRoutes>[1]>;

const signedOut = { status: 401, body: { code: 'UNAUTHORIZED', message: 'x' } };

function renderRegister(options: Options = {}) {
  return renderRoutes([{ path: '/register', element: <RegisterPage /> }], { url: '/register', ...options });
}

function renderSignIn(options: Options = {}) {
  return renderRoutes(
    [
      { path: '/signin', element: <SignInPage /> },
      { path: '/dashboard', element: <p>dashboard page</p> },
    ],
    { url: '/signin', ...options },
  );
}

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

function blurWith(label: RegExp, value: string) {
  fireEvent.change(input(label), { target: { value } });
  fireEvent.blur(input(label));
}

/** The field's message, as a screen reader hears it with the field, and the field marked invalid. */
async function expectFieldError(label: RegExp, message: string) {
  await waitFor(() => expect(input(label).getAttribute('aria-invalid')).toBe('true'));
  const describedBy = input(label).getAttribute('aria-describedby') ?? '';
  const description = describedBy
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
  expect(description).toContain(message);
}

describe('register screen on tier-fritz (code and GPS tracker)', () => {
  it('a wrong code (470) says so under the code, with the brand’s customer-service address', async () => {
    const server = mockFetch({
      'POST /v1/auth/verifycode': { status: 470, body: { code: 'CODE_INVALID', message: 'Wrong_Code_Text' } },
    });
    renderRegister({ brand: 'tier-fritz' });
    expect(screen.queryByLabelText('Continue without a code')).toBeNull();
    fireEvent.change(input(/^Activation code/), { target: { value: 'NOPE1234' } });
    fireEvent.change(input(/^GPS tracker ID/), { target: { value: 'E2E-0A1B2C' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));

    await expectFieldError(/^Activation code/, 'This activation code is not valid.');
    expect(
      screen.getByText(/If you think this is a mistake, please contact our customer service/),
    ).toBeTruthy();
    const mail = screen.getByRole('link', { name: 'service@tier-fritz.de' });
    expect(mail.getAttribute('href')).toBe('mailto:service@tier-fritz.de');
    expect(screen.queryByText('Your code is valid.')).toBeNull();
    expect(server.find('POST', '/v1/auth/verifycode')[0]?.body).toEqual({
      code: 'NOPE1234',
      tracker_ids: ['E2E-0A1B2C'],
    });
  });

  it('submitting the empty form asks for the terms and the activation code', async () => {
    const server = mockFetch({});
    renderRegister({ brand: 'tier-fritz' });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText('Please accept the privacy policy and the terms and conditions.'),
    ).toBeTruthy();
    expect(screen.getByText('Please enter your activation code.')).toBeTruthy();
    expect(server.find('POST', '/v1/auth/signup')).toHaveLength(0);
  });

  it('an already redeemed code (433) says so under the code, and the code is not taken as valid', async () => {
    mockFetch({
      'POST /v1/auth/verifycode': {
        status: 433,
        body: { code: 'CODE_REDEEMED', message: 'Code_Already_Redeemed' },
      },
    });
    renderRegister({ brand: 'tier-fritz' });
    fireEvent.change(input(/^Activation code/), { target: { value: 'USED1234' } });
    fireEvent.change(input(/^GPS tracker ID/), { target: { value: 'E2E-0A1B2C' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));

    await expectFieldError(/^Activation code/, 'This code has already been redeemed.');
    expect(screen.queryByText('Your code is valid.')).toBeNull();
  });
});

describe('register screen in German', () => {
  it('checks each field on blur, counts the password, and asks for terms and code on submit', async () => {
    mockFetch({});
    renderRegister({ language: 'de' });

    blurWith(/^Name/, 'Al');
    await expectFieldError(/^Name/, 'Der Name muss 3 bis 30 Zeichen lang sein.');
    blurWith(/^E-Mail/, 'not-an-address');
    await expectFieldError(/^E-Mail/, 'Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    blurWith(/^Passwort$|^Passwort \*/, 'abc');
    expect(screen.getByText('3/30')).toBeTruthy();
    await expectFieldError(/^Passwort$|^Passwort \*/, 'Das Passwort muss mindestens 6 Zeichen lang sein.');
    blurWith(/^Passwort$|^Passwort \*/, 'secret123');
    expect(await screen.findByText('9/30')).toBeTruthy();
    blurWith(/^Passwort bestätigen/, 'secret124');
    await expectFieldError(/^Passwort bestätigen/, 'Die Passwörter stimmen nicht überein.');

    fireEvent.click(screen.getByRole('button', { name: 'Registrieren' }));
    expect(
      await screen.findByText('Bitte akzeptieren Sie die Datenschutzerklärung und die AGB.'),
    ).toBeTruthy();
    expect(screen.getByText('Bitte geben Sie Ihren Aktivierungscode ein.')).toBeTruthy();
  });

  it('a wrong code (470): the German message and the customer-service address', async () => {
    mockFetch({
      'POST /v1/auth/verifycode': { status: 470, body: { code: 'CODE_INVALID', message: 'Wrong_Code_Text' } },
    });
    renderRegister({ language: 'de' });
    fireEvent.change(input(/^Aktivierungscode/), { target: { value: 'NOPE1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expectFieldError(/^Aktivierungscode/, 'Dieser Aktivierungscode ist ungültig.');
    expect(screen.getByText(/wenden Sie sich bitte an unseren Kundenservice/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'service@petention.de' })).toBeTruthy();
  });

  it('an already redeemed code (433): the German message', async () => {
    mockFetch({
      'POST /v1/auth/verifycode': {
        status: 433,
        body: { code: 'CODE_REDEEMED', message: 'Code_Already_Redeemed' },
      },
    });
    renderRegister({ language: 'de' });
    fireEvent.change(input(/^Aktivierungscode/), { target: { value: 'USED1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expectFieldError(/^Aktivierungscode/, 'Dieser Code wurde bereits eingelöst.');
  });
});

describe('sign-in screen in German', () => {
  it('wrong credentials: the German message', async () => {
    mockFetch({
      'GET /v1/auth/myinfo': signedOut,
      'GET /v1/config': { body: { brand: 'petention', google: false } },
      'POST /api/auth/sign-in/email': {
        status: 401,
        body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
      },
    });
    renderSignIn({ language: 'de' });
    expect(screen.getByRole('heading', { level: 1, name: 'Willkommen bei Petention' })).toBeTruthy();
    fireEvent.change(input(/^E-Mail/), { target: { value: 'anna@example.com' } });
    fireEvent.change(input(/^Passwort/), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'E-Mail-Adresse oder Passwort ist falsch.',
    );
  });

  it('an unconfirmed address: the German dialog, which sends the mail again', async () => {
    const server = mockFetch({
      'GET /v1/auth/myinfo': signedOut,
      'GET /v1/config': { body: { brand: 'petention', google: false } },
      'POST /api/auth/sign-in/email': {
        status: 403,
        body: { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' },
      },
      'POST /v1/auth/verification/sendemail': { body: { message: 'sent' } },
    });
    renderSignIn({ language: 'de' });
    fireEvent.change(input(/^E-Mail/), { target: { value: 'anna@example.com' } });
    fireEvent.change(input(/^Passwort/), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));

    const dialog = await screen.findByRole('dialog', { name: 'E-Mail-Bestätigung fehlgeschlagen' });
    expect(dialog.textContent).toContain('Ihre E-Mail-Adresse ist noch nicht bestätigt.');
    expect(within(dialog).getByRole('button', { name: 'OK' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }));
    expect(await screen.findByText('Wir haben Ihnen eine neue Bestätigungs-E-Mail gesendet.')).toBeTruthy();
    expect(server.find('POST', '/v1/auth/verification/sendemail')).toHaveLength(1);
  });
});
