// The profile's name form in German. The e2e profile journey runs in English only; this proves the German
// screen (the rule itself: ProfileNameForm.test.tsx).
import { notifications } from '@mantine/notifications';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeMyInfo, mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ProfilePage } from '../routes/ProfilePage.tsx';

afterEach(() => notifications.clean());

describe('profile name in German', () => {
  it('a too short name is refused on blur; a good one is saved', async () => {
    const me = fakeMyInfo({ language: 'de' });
    mockFetch({
      'GET /v1/auth/myinfo': { body: me },
      'PUT /v1/auth/modify': ({ body }) => ({ body: { ...me, ...(body as object) } }),
      'POST /v1/auth/modify': ({ body }) => ({ body: { ...me, ...(body as object) } }),
    });
    renderRoutes([{ path: '/my-account/profile', element: <ProfilePage /> }], {
      url: '/my-account/profile',
      language: 'de',
    });
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    fireEvent.change(name, { target: { value: 'Al' } });
    fireEvent.blur(name);
    expect(await screen.findByText('Der Name muss 3 bis 30 Zeichen lang sein.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(name, { target: { value: 'Erika Mustermann' } });
    fireEvent.click(screen.getByRole('button', { name: 'Namen speichern' }));
    expect(await screen.findByText('Ihr Name wurde gespeichert.')).toBeTruthy();
  });
});
