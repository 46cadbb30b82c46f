// The side bar's groups (a pet, my account) are buttons a keyboard reaches, saying whether they are open.

import type { MyInfo } from '@pet/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeMyInfo } from '../../test/fetchMock.ts';
import { renderRoutes } from '../../test/render.tsx';
import { SideNav } from './SideNav.tsx';

function renderAt(url: string, pets: unknown[] = [{ id: 'p1', name: 'Bello' }], language?: 'en' | 'de') {
  const me = fakeMyInfo({ pets }) as unknown as MyInfo;
  renderRoutes([{ path: '*', element: <SideNav me={me} /> }], { url, language });
}

const SHARED = [
  { id: 'p1', name: 'Bello', role: 'owner', owner_name: null },
  { id: 'p2', name: 'Luna', role: 'co-owner', owner_name: 'Anna Muster' },
  { id: 'p3', name: 'Mia', role: 'sitter', owner_name: 'Tom Weber' },
];

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

describe('SideNav shared pets (issue 45)', () => {
  it('show the role as a badge and whose pet it is; the own pet has none', () => {
    renderAt('/dashboard', SHARED);
    const bello = screen.getByRole('button', { name: 'Bello' });
    expect(within(bello).queryByTestId('pet-role')).toBeNull();
    const luna = screen.getByRole('button', { name: /^Luna/ });
    expect(within(luna).getByTestId('pet-role').textContent).toBe('Co-owner');
    expect(within(luna).getByText('from Anna Muster')).toBeTruthy();
    const mia = screen.getByRole('button', { name: /^Mia/ });
    expect(within(mia).getByTestId('pet-role').textContent).toBe('Sitter');
    expect(within(mia).getByText('from Tom Weber')).toBeTruthy();
  });

  it('a sitter\'s "My pet" opens the pet\'s page, not the edit form', async () => {
    renderAt('/dashboard', SHARED);
    fireEvent.click(screen.getByRole('button', { name: /^Mia/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Luna/ }));
    const links = (await screen.findAllByRole('link', { name: 'My pet' })).map((link) =>
      link.getAttribute('href'),
    );
    expect(links).toContain('/pet-details/Mia/p3');
    expect(links).toContain('/pet-details/Luna/p2/my-pet');
  });

  it('in German: Mitbesitzer, von <owner>', () => {
    renderAt('/dashboard', SHARED, 'de');
    const luna = screen.getByRole('button', { name: /^Luna/ });
    expect(within(luna).getByTestId('pet-role').textContent).toBe('Mitbesitzer/in');
    expect(within(luna).getByText('von Anna Muster')).toBeTruthy();
  });
});
