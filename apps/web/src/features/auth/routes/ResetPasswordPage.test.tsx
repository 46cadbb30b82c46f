import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';

function renderReset() {
  return renderRoutes(
    [
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/signin', element: <p>sign-in page</p> },
    ],
    { url: '/reset-password?email=anna%40example.com&token=abc' },
  );
}

const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

function submit(password: string) {
  fireEvent.change(field(/^New password/), { target: { value: password } });
  fireEvent.change(field(/^Confirm new password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
}

describe('reset password page', () => {
  it('a common password refused by the server shows under the password field', async () => {
    const server = mockFetch({
      'POST /api/auth/reset-password': {
        status: 400,
        body: {
          code: 'VALIDATION_ERROR',
          message: 'Bad_Request_Text',
          fields: { password: 'Password_Common_Error' },
        },
      },
    });
    renderReset();
    submit('qwerty123');
    expect(
      await screen.findByText(
        'This password is one of the most common ones and easy to guess. Please choose another.',
      ),
    ).toBeTruthy();
    expect(server.find('POST', '/api/auth/reset-password')[0]?.body).toEqual({
      newPassword: 'qwerty123',
      token: 'abc',
    });
  });

  it('a new password the server accepts leads to sign-in', async () => {
    mockFetch({ 'POST /api/auth/reset-password': { status: 200, body: { status: true } } });
    renderReset();
    submit('k7#qXz-long');
    expect(await screen.findByText('sign-in page')).toBeTruthy();
  });
});
