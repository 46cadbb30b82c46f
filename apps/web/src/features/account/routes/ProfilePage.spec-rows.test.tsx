// Spec 1 section 3, /my-account/profile (issue 47, point 8): the profile's links to products, pets and settings.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeMyInfo, mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ProfilePage } from './ProfilePage.tsx';

function renderProfile(options: Parameters<typeof renderRoutes>[1] = {}) {
  mockFetch({ 'GET /v1/auth/myinfo': { body: fakeMyInfo({ language: options.language ?? 'en' }) } });
  return renderRoutes(
    [
      { path: '/my-account/profile', element: <ProfilePage /> },
      { path: '/my-account/subscription', element: <p>subscription page</p> },
      { path: '/dashboard/my-pets', element: <p>my pets page</p> },
      { path: '/my-account/profile/settings', element: <p>settings page</p> },
    ],
    { url: '/my-account/profile', ...options },
  );
}

const LINKS = [
  { name: 'My products', href: '/my-account/subscription', lands: 'subscription page' },
  { name: 'My pets', href: '/dashboard/my-pets', lands: 'my pets page' },
  { name: 'Settings', href: '/my-account/profile/settings', lands: 'settings page' },
];

describe('profile page links', () => {
  it('links to products, pets and settings under the quick links', async () => {
    renderProfile();
    expect(await screen.findByRole('heading', { name: 'Quick links' })).toBeTruthy();
    for (const link of LINKS) {
      expect(screen.getByRole('link', { name: link.name }).getAttribute('href')).toBe(link.href);
    }
  });

  it.each(LINKS)('following "$name" opens its page', async (link) => {
    const { router } = renderProfile();
    fireEvent.click(await screen.findByRole('link', { name: link.name }));
    expect(await screen.findByText(link.lands)).toBeTruthy();
    expect(router.state.location.pathname).toBe(link.href);
  });

  it('the links in German', async () => {
    renderProfile({ language: 'de' });
    expect((await screen.findByRole('link', { name: 'Meine Produkte' })).getAttribute('href')).toBe(
      '/my-account/subscription',
    );
    expect(screen.getByRole('link', { name: 'Meine Tiere' }).getAttribute('href')).toBe('/dashboard/my-pets');
    expect(screen.getByRole('link', { name: 'Einstellungen' }).getAttribute('href')).toBe(
      '/my-account/profile/settings',
    );
  });
});
