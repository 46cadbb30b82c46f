import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeMyInfo, mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ProfilePage } from '../routes/ProfilePage.tsx';

afterEach(() => notifications.clean());

describe('profile name', () => {
  it('refuses a too short name on blur, then saves a good one with PUT /v1/auth/modify', async () => {
    const me = fakeMyInfo();
    const fetch = mockFetch({
      'GET /v1/auth/myinfo': { body: me },
      'PUT /v1/auth/modify': ({ body }) => ({ body: { ...me, ...(body as object) } }),
      'POST /v1/auth/modify': ({ body }) => ({ body: { ...me, ...(body as object) } }),
    });
    renderRoutes([{ path: '/my-account/profile', element: <ProfilePage /> }], { url: '/my-account/profile' });
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    fireEvent.change(name, { target: { value: 'Al' } });
    fireEvent.blur(name);
    expect(await screen.findByText('The name must be 3 to 30 characters long.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(name, { target: { value: 'Anna Muster Jr' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(fetch.requests.some((r) => r.path === '/v1/auth/modify')).toBe(true));
    const sent = fetch.requests.find((r) => r.path === '/v1/auth/modify');
    expect(sent?.body).toEqual({ name: 'Anna Muster Jr' });
    expect(await screen.findByText('Your name has been saved.')).toBeTruthy();
  });
});
