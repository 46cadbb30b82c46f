import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeMyInfo, mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { DashboardPage } from './DashboardPage.tsx';

function renderDashboard(
  brand: 'petention' | 'hunde-schutz' | 'tier-fritz',
  pets: Array<{ id: string; name: string }>,
  language: 'en' | 'de' = 'en',
) {
  mockFetch({ 'GET /v1/auth/myinfo': { body: fakeMyInfo({ pets, language }) } });
  return renderRoutes([{ path: '/dashboard', element: <DashboardPage /> }], {
    brand,
    url: '/dashboard',
    language,
  });
}

describe('dashboard', () => {
  it('shows the brand cards; per-pet cards open the first pet', async () => {
    renderDashboard('petention', [{ id: 'p1', name: 'Bello Junior' }]);
    await screen.findByText('Hello, Anna!');
    const medical = screen.getByRole('link', { name: /Medical data/ });
    expect(medical.getAttribute('href')).toBe('/pet-details/Bello-Junior/p1/medical-data');
    expect(screen.getAllByRole('link', { name: /.+/ }).filter((a) => a.closest('section'))).toHaveLength(8);
    expect(screen.getByRole('link', { name: 'Need help? Visit our FAQ' }).getAttribute('href')).toBe(
      'https://www.petention.de/faq',
    );
  });

  it('the tracker brand shows its four cards', async () => {
    renderDashboard('tier-fritz', []);
    await screen.findByText('Hello, Anna!');
    const cards = screen.getAllByRole('link').filter((a) => a.closest('section'));
    expect(cards.map((a) => a.getAttribute('href'))).toEqual([
      '/dashboard/my-pets',
      '/dashboard/my-appointments',
      '/emergency-data',
      '/my-account/profile',
    ]);
    // Spec 1 section 2: this variant's cards read "emergency case files" and "my account".
    expect(cards.map((a) => a.querySelector('p')?.textContent)).toEqual([
      'My pets',
      'Events',
      'Emergency case files',
      'My account',
    ]);
  });

  it("the tracker brand's card titles in German", async () => {
    renderDashboard('tier-fritz', [], 'de');
    expect(await screen.findByRole('link', { name: /^Notfallakten/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Mein Konto/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Notfall / })).toBeNull();
  });

  it('the dog brand speaks of dogs when none is added yet', async () => {
    renderDashboard('hunde-schutz', []);
    expect(await screen.findByText(/You have not added a dog yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add dog' }).getAttribute('href')).toBe('/dashboard/new-pet');
    expect(screen.getByRole('link', { name: /My dogs/ })).toBeTruthy();
  });
});
