import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ForgotPasswordPage } from './ForgotPasswordPage.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';

function renderForgot(url = '/forgot-password') {
  return renderRoutes(
    [
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
    ],
    { url },
  );
}

describe('forgot password', () => {
  it('after POST /v1/auth/password/reset goes to /reset-password?email=, which confirms and waits to resend', async () => {
    const server = mockFetch({ 'POST /v1/auth/password/reset': { body: { message: 'sent' } } });
    const { router } = renderForgot();
    fireEvent.change(await screen.findByRole('textbox', { name: /^E-mail/ }), {
      target: { value: 'anna@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your inbox' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(router.state.location.search).toBe('?email=anna%40example.com');
    expect(server.find('POST', '/v1/auth/password/reset')[0]?.body).toMatchObject({
      email: 'anna@example.com',
    });
    expect(screen.getByRole('button', { name: /^Send again in \d+ s$/ })).toHaveProperty('disabled', true);
  });

  it('/reset-password?email= opened later offers to send the mail again at once', async () => {
    const server = mockFetch({ 'POST /v1/auth/password/reset': { body: { message: 'sent' } } });
    renderForgot('/reset-password?email=anna%40example.com');
    fireEvent.click(await screen.findByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('We have sent the e-mail again.')).toBeTruthy();
    expect(server.find('POST', '/v1/auth/password/reset')).toHaveLength(1);
  });

  it('/reset-password without an address or a token is still the invalid link', async () => {
    mockFetch({});
    renderForgot('/reset-password');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link is no longer valid' }),
    ).toBeTruthy();
  });
});
