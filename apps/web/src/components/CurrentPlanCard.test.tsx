import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeMyInfo, mockFetch } from '../test/fetchMock.ts';
import { BASIC, FREE, fakeProduct, PREMIUM } from '../test/plans.ts';
import { renderRoutes } from '../test/render.tsx';
import { CurrentPlanCard } from './CurrentPlanCard.tsx';

function renderCard(me: Record<string, unknown>, options: Parameters<typeof renderRoutes>[1] = {}) {
  mockFetch({ 'GET /v1/auth/myinfo': { body: fakeMyInfo(me) } });
  return renderRoutes([{ path: '/my-account', element: <CurrentPlanCard /> }], {
    url: '/my-account',
    ...options,
  });
}

const card = () => screen.getByRole('region', { name: /Your plan|Ihr Tarif/ });

describe('current plan card', () => {
  it('shows the plan name, limits and included features', async () => {
    renderCard({ product: BASIC });
    expect(await screen.findByRole('heading', { name: 'Basic' })).toBeTruthy();
    const region = card();
    expect(within(region).getByText('Up to 3 pets')).toBeTruthy();
    expect(within(region).getByText('Up to 20 documents')).toBeTruthy();
    expect(within(region).getByText(/Appointments/).textContent).toContain('(included)');
    expect(within(region).getByText(/GPS tracking/).textContent).toContain('(not included)');
    expect(
      within(region)
        .getByRole('link', { name: /Activate a code/ })
        .getAttribute('href'),
    ).toBe('/my-account/activate-product');
    expect(
      within(region)
        .getByRole('link', { name: /View all plans/ })
        .getAttribute('href'),
    ).toBe('/my-account/subscription');
  });

  it('100 documents or more show as unlimited', async () => {
    renderCard({ product: PREMIUM });
    expect(await screen.findByText('Unlimited documents')).toBeTruthy();
    expect(screen.queryByText(/Up to 100 documents/)).toBeNull();
  });

  it('the free plan: one pet, and dogs on hunde-schutz', async () => {
    renderCard({ product: FREE }, { brand: 'hunde-schutz', language: 'de' });
    expect(await screen.findByText('Bis zu 1 Hund')).toBeTruthy();
    expect(screen.getByText('Bis zu 5 Dokumente')).toBeTruthy();
  });

  it('a trial shows "trial until" with the date and the months', async () => {
    renderCard({
      product: PREMIUM,
      is_trial: true,
      trial_months: 3,
      trial_ends_at: '2026-09-30T10:00:00.000Z',
      activation_code_type: 'trial',
    });
    expect(await screen.findByText('Trial until 30.09.2026')).toBeTruthy();
    expect(
      screen.getByText(
        'Your 3-month trial ends on 30.09.2026. After that, your account returns to the free plan.',
      ),
    ).toBeTruthy();
  });

  it('a trial in German', async () => {
    renderCard(
      { product: PREMIUM, is_trial: true, trial_months: 1, trial_ends_at: '2026-01-15T10:00:00.000Z' },
      { language: 'de' },
    );
    expect(await screen.findByText('Testphase bis 15.01.2026')).toBeTruthy();
    expect(screen.getByText(/Ihre 1-monatige Testphase endet am 15.01.2026/)).toBeTruthy();
  });

  it('a gift cannot be downgraded', async () => {
    renderCard({ product: PREMIUM, is_gift: true, activation_code_type: 'gift' });
    expect(await screen.findByText('Gift')).toBeTruthy();
    expect(screen.getByText(/It cannot be downgraded/)).toBeTruthy();
  });

  it('a promo product (internal note Promo) has the promo badge', async () => {
    renderCard({ product: fakeProduct({ name: 'Premium Promo', internal_note: 'Promo' }) });
    expect(await screen.findByText('Promo')).toBeTruthy();
    expect(screen.getByText('You are on a promotional plan.')).toBeTruthy();
    expect(screen.queryByText('Gift')).toBeNull();
    expect(screen.queryByText(/Trial/)).toBeNull();
  });

  it('no product: no plan yet, and the way to activate one', async () => {
    renderCard({ product: null });
    expect(await screen.findByRole('heading', { name: 'No plan yet' })).toBeTruthy();
    expect(screen.getByText('Up to 1 pet')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Activate a code/ })).toBeTruthy();
  });
});
