import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeMyInfo, mockFetch } from '../../../test/fetchMock.ts';
import { BASIC, FREE, fakeProduct, PREMIUM, PREMIUM_GPS } from '../../../test/plans.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { SubscriptionPage } from './SubscriptionPage.tsx';

function renderOverview(
  products: unknown[],
  me: Record<string, unknown>,
  options: Parameters<typeof renderRoutes>[1] = {},
) {
  const server = mockFetch({
    'GET /v1/auth/myinfo': { body: fakeMyInfo(me) },
    'GET /v1/subscription/product/list': { body: { data: products, order_placed: null } },
  });
  const view = renderRoutes([{ path: '/my-account/subscription', element: <SubscriptionPage /> }], {
    url: '/my-account/subscription',
    ...options,
  });
  return { ...view, server };
}

describe('subscription overview', () => {
  it("lists the brand's plans with euro prices and limits, the current one marked", async () => {
    const { server } = renderOverview([PREMIUM_GPS, FREE, PREMIUM, BASIC], { product: BASIC });
    const list = await screen.findByRole('region', { name: 'Plans' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Free',
      'Basic',
      'Premium',
      'Premium GPS',
    ]);
    expect(server.find('GET', '/v1/subscription/product/list')[0]?.url.searchParams.get('partner_id')).toBe(
      'petention',
    );

    const [free, basic, premium] = cards;
    expect(within(free!).getByText('Free', { selector: 'p' })).toBeTruthy();
    expect(within(basic!).getByText(/^2,99\s€$/)).toBeTruthy();
    expect(within(basic!).getByText(/^29,99\s€$/)).toBeTruthy();
    expect(within(basic!).getByText('per month')).toBeTruthy();
    expect(within(basic!).getByText('Up to 3 pets')).toBeTruthy();
    expect(within(premium!).getByText('Unlimited documents')).toBeTruthy();

    expect(basic!.getAttribute('aria-current')).toBe('true');
    expect(within(basic!).getByText('Current plan')).toBeTruthy();
    expect(premium!.getAttribute('aria-current')).toBeNull();
    expect(within(premium!).queryByText('Current plan')).toBeNull();
  });

  it('has no checkout yet: plans change by code', async () => {
    renderOverview([FREE, BASIC], { product: FREE });
    await screen.findByRole('region', { name: 'Plans' });
    expect(screen.getByText(/Plans are changed with an activation code/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Redeem an activation code' }).getAttribute('href')).toBe(
      '/my-account/activate-product',
    );
    expect(screen.queryByRole('button', { name: /order|checkout|buy/i })).toBeNull();
  });

  it('tier-fritz terms in German', async () => {
    const basis = (months: number, price: number) =>
      fakeProduct({
        id: `basis-${months}`,
        name: `BASIS ${months}`,
        duration: months,
        gps_tracking: true,
        monthly_price: months === 1 ? price : 0,
        yearly_price: months === 1 ? 0 : price,
      });
    renderOverview(
      [basis(24, 99), basis(1, 9.95), basis(12, 59)],
      { product: null },
      {
        brand: 'tier-fritz',
        language: 'de',
      },
    );
    const list = await screen.findByRole('region', { name: 'Tarife' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'BASIS 1',
      'BASIS 12',
      'BASIS 24',
    ]);
    expect(within(cards[0]!).getByText(/^9,95\s€$/)).toBeTruthy();
    expect(within(cards[0]!).getByText('pro Monat')).toBeTruthy();
    expect(within(cards[0]!).getByText('Laufzeit: 1 Monat')).toBeTruthy();
    expect(within(cards[1]!).getByText(/^59,00\s€$/)).toBeTruthy();
    expect(within(cards[1]!).getByText('pro Jahr')).toBeTruthy();
    expect(within(cards[1]!).getByText('Laufzeit: 12 Monate')).toBeTruthy();
  });

  it('a failed list shows the error and a retry', async () => {
    mockFetch({
      'GET /v1/auth/myinfo': { body: fakeMyInfo({ product: FREE }) },
      'GET /v1/subscription/product/list': { status: 502 },
    });
    renderRoutes([{ path: '/my-account/subscription', element: <SubscriptionPage /> }], {
      url: '/my-account/subscription',
    });
    expect(await screen.findByText(/The server cannot be reached/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
