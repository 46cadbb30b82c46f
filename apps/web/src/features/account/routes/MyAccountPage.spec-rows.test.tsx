// Spec 1 section 1, brand variants (issue 47 point 8): the dog-protection variant (hunde-schutz) has "no bills
// menu entry". The My account page links every account page by a card; hunde-schutz has no Bills card, the
// base variant (petention) has one. (The side bar's entries: app/layout/SideNav.spec-rows.)

import type { BrandId } from '@pet/shared/brands';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeMyInfo, mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { MyAccountPage } from './MyAccountPage.tsx';

/** The page's account cards as [title, href], in their order. */
async function accountCards(brand: BrandId, language: 'en' | 'de' = 'en') {
  mockFetch({ 'GET /v1/auth/myinfo': { body: fakeMyInfo({ language }) } });
  renderRoutes([{ path: '/my-account', element: <MyAccountPage /> }], {
    url: '/my-account',
    brand,
    language,
  });
  // The cards come with the page; the signed-in user's card once myinfo is in.
  await screen.findByText('anna@example.com');
  return screen
    .getAllByRole('link')
    .filter((link) => link.classList.contains('mantine-Card-root'))
    .map((card) => [card.querySelector('p')?.textContent, card.getAttribute('href')]);
}

describe("the My account page's bills card (spec 1 section 1: none in the dog-protection variant)", () => {
  it('petention: a Bills card between Subscription and Payment details', async () => {
    expect(await accountCards('petention')).toEqual([
      ['Profile', '/my-account/profile'],
      ['Settings', '/my-account/profile/settings'],
      ['Subscription', '/my-account/subscription'],
      ['Bills', '/my-account/bills'],
      ['Payment details', '/my-account/update-payment-details'],
      ['Activate product', '/my-account/activate-product'],
      ['Change password', '/my-account/change-password'],
      ['Delete account', '/my-account/delete-account'],
    ]);
    expect(screen.getByText('Orders and invoices')).toBeTruthy();
  });

  it('hunde-schutz: the same cards without Bills, and no link to the bills page anywhere', async () => {
    expect(await accountCards('hunde-schutz')).toEqual([
      ['Profile', '/my-account/profile'],
      ['Settings', '/my-account/profile/settings'],
      ['Subscription', '/my-account/subscription'],
      ['Payment details', '/my-account/update-payment-details'],
      ['Activate product', '/my-account/activate-product'],
      ['Change password', '/my-account/change-password'],
      ['Delete account', '/my-account/delete-account'],
    ]);
    expect(document.querySelector('a[href="/my-account/bills"]')).toBeNull();
    expect(screen.queryByText('Orders and invoices')).toBeNull();
  });

  it('in German, petention: Rechnungen, Bestellungen und Rechnungen', async () => {
    const cards = await accountCards('petention', 'de');
    expect(cards).toContainEqual(['Rechnungen', '/my-account/bills']);
    expect(cards).toContainEqual(['Zahlungsdaten', '/my-account/update-payment-details']);
    expect(screen.getByText('Bestellungen und Rechnungen')).toBeTruthy();
  });

  it('in German, hunde-schutz: no Rechnungen', async () => {
    const cards = await accountCards('hunde-schutz', 'de');
    expect(cards.map(([title]) => title)).toEqual([
      'Profil',
      'Einstellungen',
      'Abonnement',
      'Zahlungsdaten',
      'Produkt aktivieren',
      'Passwort ändern',
      'Konto löschen',
    ]);
    expect(screen.queryByText('Rechnungen')).toBeNull();
    expect(screen.queryByText('Bestellungen und Rechnungen')).toBeNull();
  });
});
