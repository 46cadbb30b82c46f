// The side bar's groups (a pet, my account) are buttons a keyboard reaches, saying whether they are open.

import type { MyInfo } from '@pet/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeMyInfo } from '../../test/fetchMock.ts';
import { renderRoutes } from '../../test/render.tsx';
import { SideNav } from './SideNav.tsx';

function renderAt(url: string) {
  const me = fakeMyInfo({ pets: [{ id: 'p1', name: 'Bello' }] }) as unknown as MyInfo;
  renderRoutes([{ path: '*', element: <SideNav me={me} /> }], { url });
}

describe('SideNav groups', () => {
  it('are buttons that open and close, with aria-expanded', async () => {
    renderAt('/dashboard');
    const account = screen.getByRole('button', { name: 'My account' });
    expect(account.getAttribute('type')).toBe('button');
    expect(account.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(account);
    expect(account.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByRole('link', { name: 'Profile' })).toBeTruthy();
    fireEvent.click(account);
    expect(account.getAttribute('aria-expanded')).toBe('false');

    const pet = screen.getByRole('button', { name: 'Bello' });
    expect(pet.getAttribute('aria-expanded')).toBe('false');
  });

  it('start open on a page inside them', () => {
    renderAt('/my-account/profile');
    expect(screen.getByRole('button', { name: 'My account' }).getAttribute('aria-expanded')).toBe('true');
  });
});
