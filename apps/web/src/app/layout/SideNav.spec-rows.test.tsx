// Spec 1 section 1, brand variants (issue 47 point 8): the dog-protection variant (hunde-schutz) has "no bills
// menu entry". Its side bar's My account group lists every account page but Bills; the base variant
// (petention) lists Bills too. (The My account page's cards: features/account/routes/MyAccountPage.spec-rows.)

import type { BrandId } from '@pet/shared/brands';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeMyInfo, mockFetch } from '../../test/fetchMock.ts';
import { renderRoutes } from '../../test/render.tsx';
import { AppLayout } from './AppLayout.tsx';

/** The signed-in frame on an account page, where the side bar's My account group starts open. */
async function accountLinks(brand: BrandId, language: 'en' | 'de' = 'en') {
  mockFetch({ 'GET /v1/auth/myinfo': { body: fakeMyInfo({ language }) } });
  renderRoutes([{ element: <AppLayout />, children: [{ path: '*', element: <p>inner page</p> }] }], {
    url: '/my-account/profile',
    brand,
    language,
  });
  const nav = await screen.findByRole('navigation', {
    name: language === 'de' ? 'Hauptnavigation' : 'Main navigation',
  });
  const group = within(nav).getByRole('button', { name: language === 'de' ? 'Mein Konto' : 'My account' });
  expect(group.getAttribute('aria-expanded')).toBe('true');
  return within(nav)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('href')?.startsWith('/my-account/'))
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe("the side bar's bills entry (spec 1 section 1: none in the dog-protection variant)", () => {
  it('petention: My account lists Bills between Subscription and Payment details', async () => {
    expect(await accountLinks('petention')).toEqual([
      ['Profile', '/my-account/profile'],
      ['Settings', '/my-account/profile/settings'],
      ['Subscription', '/my-account/subscription'],
      ['Bills', '/my-account/bills'],
      ['Payment details', '/my-account/update-payment-details'],
      ['Activate product', '/my-account/activate-product'],
      ['Change password', '/my-account/change-password'],
    ]);
  });

  it('hunde-schutz: My account lists the same pages without Bills', async () => {
    expect(await accountLinks('hunde-schutz')).toEqual([
      ['Profile', '/my-account/profile'],
      ['Settings', '/my-account/profile/settings'],
      ['Subscription', '/my-account/subscription'],
      ['Payment details', '/my-account/update-payment-details'],
      ['Activate product', '/my-account/activate-product'],
      ['Change password', '/my-account/change-password'],
    ]);
    expect(document.querySelector('a[href="/my-account/bills"]')).toBeNull();
    expect(screen.queryByText('Bills')).toBeNull();
  });

  it('in German, petention: Rechnungen', async () => {
    const petention = await accountLinks('petention', 'de');
    expect(petention).toContainEqual(['Rechnungen', '/my-account/bills']);
    expect(petention).toContainEqual(['Zahlungsdaten', '/my-account/update-payment-details']);
  });

  it('in German, hunde-schutz: no Rechnungen', async () => {
    const hundeSchutz = await accountLinks('hunde-schutz', 'de');
    expect(hundeSchutz.map(([label]) => label)).toEqual([
      'Profil',
      'Einstellungen',
      'Abonnement',
      'Zahlungsdaten',
      'Produkt aktivieren',
      'Passwort ändern',
    ]);
    expect(screen.queryByText('Rechnungen')).toBeNull();
  });
});

/** The milliseconds of every transition in the inline styles of an element and its ancestors in the side bar. */
function transitionsAround(element: HTMLElement, nav: HTMLElement): number[] {
  const found: number[] = [];
  for (let at: HTMLElement | null = element; at && at !== nav; at = at.parentElement) {
    found.push(...[...at.style.transition.matchAll(/(\d+)ms/g)].map((match) => Number(match[1])));
  }
  return found;
}

describe("the side bar's groups collapse in the spec's 250 ms (spec 1 section 9)", () => {
  it('My account closes and opens again in 250 ms', async () => {
    await accountLinks('petention');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const group = within(nav).getByRole('button', { name: 'My account' });
    const profile = within(nav).getByRole('link', { name: 'Profile' });
    fireEvent.click(group);
    await waitFor(() => expect(group.getAttribute('aria-expanded')).toBe('false'));
    expect(transitionsAround(profile, nav).length).toBeGreaterThan(0);
    expect(new Set(transitionsAround(profile, nav))).toEqual(new Set([250]));
    fireEvent.click(group);
    await waitFor(() => expect(group.getAttribute('aria-expanded')).toBe('true'));
    expect(new Set(transitionsAround(profile, nav))).toEqual(new Set([250]));
  });
});
