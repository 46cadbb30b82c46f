import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeMyInfo, mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ChangePasswordPage } from '../routes/ChangePasswordPage.tsx';

const URL = '/my-account/change-password';

function renderPage(language: 'en' | 'de' = 'en') {
  renderRoutes([{ path: URL, element: <ChangePasswordPage /> }], { url: URL, language });
}

function fill(label: RegExp, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
  return input;
}

describe('change password', () => {
  it('checks every field on blur with the texts of the errors locale', async () => {
    mockFetch({ 'GET /v1/auth/myinfo': { body: fakeMyInfo() } });
    renderPage();
    await screen.findByLabelText(/^Current password/);
    fill(/^Current password/, '');
    expect(await screen.findByText('Please enter a password.')).toBeTruthy();
    fill(/^New password/, '12345');
    expect(await screen.findByText('The password must be at least 6 characters long.')).toBeTruthy();
    fill(/^Confirm new password/, '');
    expect(await screen.findByText('Please confirm your password.')).toBeTruthy();
    fill(/^New password/, 'fresh-kennel-42');
    fill(/^Confirm new password/, 'fresh-kennel-43');
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    expect(screen.getByLabelText(/^Confirm new password/).getAttribute('aria-invalid')).toBe('true');
  });

  it('sends oldpassword and newpassword, then says so and empties the form', async () => {
    const fetch = mockFetch({
      'GET /v1/auth/myinfo': { body: fakeMyInfo() },
      'POST /v1/auth/password/change': { body: { message: 'changed' } },
    });
    renderPage();
    await screen.findByLabelText(/^Current password/);
    fill(/^Current password/, 'old-secret-1');
    fill(/^New password/, 'fresh-kennel-42');
    fill(/^Confirm new password/, 'fresh-kennel-42');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Your password has been changed. Other devices have been signed out, and we have sent you a confirmation by e-mail.',
    );
    const sent = fetch.requests.find((r) => r.path === '/v1/auth/password/change');
    expect(sent?.body).toEqual({ oldpassword: 'old-secret-1', newpassword: 'fresh-kennel-42' });
    expect((screen.getByLabelText(/^Current password/) as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s wrong old password at that field, in German', async () => {
    mockFetch({
      'GET /v1/auth/myinfo': { body: fakeMyInfo({ language: 'de' }) },
      'POST /v1/auth/password/change': {
        status: 400,
        body: {
          code: 'VALIDATION_ERROR',
          message: 'Bad_Request_Text',
          fields: { oldpassword: 'Invalid_Password_Text' },
        },
      },
    });
    renderPage('de');
    await screen.findByLabelText(/^Aktuelles Passwort/);
    fill(/^Aktuelles Passwort/, 'wrong-secret');
    fill(/^Neues Passwort$|^Neues Passwort \*/, 'fresh-kennel-42');
    fill(/^Neues Passwort bestätigen/, 'fresh-kennel-42');
    fireEvent.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(await screen.findByText('Das aktuelle Passwort ist falsch.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByLabelText(/^Aktuelles Passwort/).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
