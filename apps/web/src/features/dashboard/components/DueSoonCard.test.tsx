import type { DueSoonItem } from '@pet/shared';
import type { BrandId } from '@pet/shared/brands';
import type { Language } from '@pet/shared/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeMyInfo, mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { DashboardPage } from '../routes/DashboardPage.tsx';

const SLOW = { timeout: 4000 };
const PETS = [
  { id: 'p1', name: 'Bello Junior' },
  { id: 'p2', name: 'Mieze' },
];

afterEach(() => {
  vi.restoreAllMocks();
});

function due(overrides: Partial<DueSoonItem> = {}): DueSoonItem {
  return {
    id: 'v1',
    pet_id: 'p1',
    pet_name: 'Bello Junior',
    medical_type: 'vaccination',
    name: 'Rabies',
    next_due_date: '01.12.2026',
    days_left: 7,
    ...overrides,
  };
}

function renderDashboard(
  items: DueSoonItem[],
  {
    brand = 'petention',
    language = 'en',
    pets = PETS,
  }: { brand?: BrandId; language?: Language; pets?: typeof PETS } = {},
) {
  const server = mockFetch({
    'GET /v1/auth/myinfo': { body: fakeMyInfo({ pets }) },
    'GET /v1/medical/duesoon': { body: items },
  });
  renderRoutes([{ path: '/dashboard', element: <DashboardPage /> }], { brand, language, url: '/dashboard' });
  return server;
}

describe('due soon card', () => {
  it('lists what is due, soonest first as the server orders it, each linking to its list page', async () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat().resolvedOptions(),
      timeZone: 'America/New_York',
    });
    const server = renderDashboard([
      due({
        id: 'd1',
        medical_type: 'deworming',
        name: 'Milbemax',
        pet_id: 'p2',
        pet_name: 'Mieze',
        days_left: -2,
      }),
      due({ id: 'v1', days_left: 0 }),
      due({ id: 'v2', name: 'Leptospirosis', days_left: 12 }),
    ]);
    const card = await screen.findByRole('region', { name: 'Due soon' }, SLOW);
    expect(server.find('GET', '/v1/medical/duesoon')[0]!.url.searchParams.get('time_zone')).toBe(
      'America/New_York',
    );
    const items = within(card).getAllByTestId('due-soon-item');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      'Milbemax · Deworming · Mieze',
      'Rabies · Vaccination · Bello Junior',
      'Leptospirosis · Vaccination · Bello Junior',
    ]);
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe(
      '/pet-details/Mieze/p2/medical-data/dewormings',
    );
    expect(within(items[1]!).getByRole('link').getAttribute('href')).toBe(
      '/pet-details/Bello-Junior/p1/medical-data/vaccinations',
    );
    expect(within(items[0]!).getByText('2 days overdue')).toBeTruthy();
    expect(within(items[1]!).getByText('due today')).toBeTruthy();
    expect(within(items[2]!).getByText('in 12 days')).toBeTruthy();
    expect(within(items[2]!).getByText('01.12.2026')).toBeTruthy();
  });

  it('is hidden when nothing is due', async () => {
    const server = renderDashboard([]);
    await screen.findByText('Hello, Anna!', {}, SLOW);
    await waitFor(() => expect(server.find('GET', '/v1/medical/duesoon')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Due soon' })).toBeNull();
  });

  it('asks nothing without a pet', async () => {
    const withoutPets = renderDashboard([due()], { pets: [] });
    await screen.findByText('Hello, Anna!', {}, SLOW);
    expect(withoutPets.find('GET', '/v1/medical/duesoon')).toHaveLength(0);
  });

  it('shows on a brand whose dashboard has no medical data card too (its pets have medical data)', async () => {
    renderDashboard([due()], { brand: 'tier-fritz' });
    const card = await screen.findByRole('region', { name: 'Due soon' }, SLOW);
    expect(
      within(card)
        .getByRole('link', { name: /Rabies/ })
        .getAttribute('href'),
    ).toBe('/pet-details/Bello-Junior/p1/medical-data/vaccinations');
  });

  it('in German', async () => {
    renderDashboard([due({ days_left: 1 }), due({ id: 'v2', days_left: -1, medical_type: 'deworming' })], {
      language: 'de',
    });
    const card = await screen.findByRole('region', { name: 'Bald fällig' }, SLOW);
    expect(within(card).getByText('morgen fällig')).toBeTruthy();
    expect(within(card).getByText('1 Tag überfällig')).toBeTruthy();
    const links = within(card)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(['Rabies · Impfung · Bello Junior', 'Rabies · Entwurmung · Bello Junior']);
  });
});
