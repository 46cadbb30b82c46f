import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeMyInfo, mockFetch } from '../../../test/fetchMock.ts';
import { BASIC, FREE, fakeProduct, PREMIUM, PREMIUM_GPS } from '../../../test/plans.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { subscriptionServer, TERM_END } from '../test/subscription.ts';
import { SubscriptionPage } from './SubscriptionPage.tsx';

function renderOverview(
  products: unknown[],
  me: Record<string, unknown>,
  options: Parameters<typeof renderRoutes>[1] & { orderPlaced?: string } = {},
) {
  const server = mockFetch({
    'GET /v1/auth/myinfo': { body: fakeMyInfo(me) },
    'GET /v1/subscription/product/list': {
      body: { data: products, order_placed: options.orderPlaced ?? null },
    },
  });
  const view = renderRoutes(
    [
      { path: '/my-account/subscription', element: <SubscriptionPage /> },
      { path: '/my-account/subscription/checkout', element: <p>checkout step</p> },
    ],
    { url: '/my-account/subscription', ...options },
  );
  return { ...view, server };
}

describe('subscription overview', () => {
  it("lists the brand's plans with euro prices and limits, the current one marked", async () => {
    const { server } = renderOverview([PREMIUM_GPS, FREE, PREMIUM, BASIC], { product: FREE });
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

    expect(free!.getAttribute('aria-current')).toBe('true');
    expect(within(free!).getByText('Current plan')).toBeTruthy();
    expect(premium!.getAttribute('aria-current')).toBeNull();
    expect(within(premium!).queryByText('Current plan')).toBeNull();
  });

  it('offers only the plans at or above the current one; the current card is marked and disabled', async () => {
    renderOverview([PREMIUM_GPS, FREE, PREMIUM, BASIC], { product: PREMIUM });
    const list = await screen.findByRole('region', { name: 'Plans' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Premium', 'Premium GPS']);
    expect(cards[0]!.getAttribute('aria-current')).toBe('true');
    expect(within(cards[0]!).getByRole('button', { name: 'Your current plan' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(cards[1]!).getByRole('button', { name: 'Choose this plan' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('disables free plans, plans without price ids, the ordered one and the selected one', async () => {
    const noIds = fakeProduct({
      id: 'prod-noids',
      name: 'No ids',
      sequence: 4,
      monthly_price_id: null,
      yearly_price_id: null,
    });
    renderOverview(
      [FREE, BASIC, PREMIUM, PREMIUM_GPS, noIds],
      { product: null },
      {
        orderPlaced: 'prod-premium',
        url: '/my-account/subscription?product=prod-premium-gps',
      },
    );
    const list = await screen.findByRole('region', { name: 'Plans' });
    const button = (name: string) =>
      within(within(list).getByRole('heading', { name }).closest('article')!).getByRole('button');
    expect(button('Free').textContent).toBe('Not available to order');
    expect(button('No ids').textContent).toBe('Not available to order');
    expect(button('Premium').textContent).toBe('Already ordered');
    expect(button('Premium GPS').textContent).toBe('Selected');
    for (const name of ['Free', 'No ids', 'Premium', 'Premium GPS']) {
      expect(button(name)).toHaveProperty('disabled', true);
    }
    expect(button('Basic')).toHaveProperty('disabled', false);
  });

  it('promo users see their promo product plus the medical plans', async () => {
    const promo = fakeProduct({ id: 'prod-promo', name: 'Promo', sequence: 5, internal_note: 'Promo' });
    const noMedical = fakeProduct({ id: 'prod-lite', name: 'Lite', sequence: 6, medical: false });
    renderOverview([FREE, BASIC, promo, noMedical, PREMIUM], { product: promo });
    const list = await screen.findByRole('region', { name: 'Plans' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Basic', 'Premium', 'Promo']);
  });

  it('choosing a card opens step 2 with the product in the url; codes stay redeemable', async () => {
    const { router } = renderOverview([FREE, BASIC, PREMIUM], { product: FREE });
    const list = await screen.findByRole('region', { name: 'Plans' });
    expect(screen.getByRole('link', { name: 'Redeem an activation code' }).getAttribute('href')).toBe(
      '/my-account/activate-product',
    );
    const premium = within(list).getByRole('heading', { name: 'Premium' }).closest('article')!;
    within(premium).getByRole('button', { name: 'Choose this plan' }).click();
    await screen.findByText('checkout step');
    expect(router.state.location.search).toBe('?product=prod-premium');
  });

  it('primepet cannot order: the notice and no choose buttons', async () => {
    renderOverview([FREE, BASIC], { product: FREE }, { brand: 'primepet' });
    await screen.findByRole('region', { name: 'Plans' });
    expect(screen.getByText(/Orders are no longer possible with/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Choose this plan' })).toBeNull();
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

describe("subscription overview: a paid plan's renewal, cancellation and downgrade", () => {
  const CATALOGUE = [FREE, BASIC, PREMIUM, PREMIUM_GPS];
  const paid = { stripe_subscription_end: TERM_END, stripe_price_id: 'price-prod-premium-yearly' };

  function renderPaid(
    me: Record<string, unknown>,
    options: { cancelled?: boolean; language?: 'en' | 'de' } = {},
  ) {
    const server = subscriptionServer({ me, products: CATALOGUE, cancelled: options.cancelled });
    const view = renderRoutes(
      [
        { path: '/my-account/subscription', element: <SubscriptionPage /> },
        { path: '/my-account/cancel-subscription', element: <p>cancel page</p> },
      ],
      { url: '/my-account/subscription', language: options.language },
    );
    return { ...view, server };
  }
  const currentCard = async () =>
    within(await screen.findByRole('region', { name: /Plans|Tarife/ }))
      .getAllByRole('article')
      .find((card) => card.getAttribute('aria-current') === 'true')!;

  it('the current card shows the renewal day; a sequence-2 plan offers moving down and cancelling', async () => {
    const { router } = renderPaid({ product: PREMIUM, ...paid });
    expect(await within(await currentCard()).findByText('Renews on 15.01.2027')).toBeTruthy();
    const down = await screen.findByRole('link', { name: 'Change plan down' });
    expect(down.getAttribute('href')).toBe('/my-account/cancel-subscription?process=downgrade');
    // The cancel flow: a plan that may move down offers that before it ends (the choice page).
    expect(screen.getByRole('link', { name: 'Cancel subscription' }).getAttribute('href')).toBe(
      '/my-account/cancel-subscription?process=downgrade',
    );
    down.click();
    await screen.findByText('cancel page');
    expect(router.state.location.search).toBe('?process=downgrade');
  });

  it('a basic plan can only be cancelled', async () => {
    renderPaid({ product: BASIC, ...paid });
    expect(await screen.findByRole('link', { name: 'Cancel subscription' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Change plan down' })).toBeNull();
  });

  it('a cancelled plan shows its last day and the revocation (German)', async () => {
    renderPaid({ product: PREMIUM, ...paid, language: 'de' }, { cancelled: true, language: 'de' });
    expect(await within(await currentCard()).findByText('Endet am 14.01.2027')).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Kündigung widerrufen' })).getAttribute('href')).toBe(
      '/my-account/cancel-subscription?process=cancel_Termination',
    );
    expect(screen.queryByRole('link', { name: 'Abonnement kündigen' })).toBeNull();
  });

  it("a pending downgrade's target is listed with its Downgrading badge and start day", async () => {
    renderPaid({
      product: PREMIUM_GPS,
      ...paid,
      downgrading: { product_id: 'prod-basic', product_name: 'Basic', starts_on: '2027-01-15' },
    });
    const list = await screen.findByRole('region', { name: 'Plans' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Basic', 'Premium GPS']);
    const basic = within(list).getByRole('heading', { name: 'Basic' }).closest('article')!;
    expect(within(basic).getByText('Downgrading')).toBeTruthy();
    expect(within(basic).getByText('Starts on 15.01.2027')).toBeTruthy();
    expect(within(basic).queryByRole('button', { name: 'Choose this plan' })).toBeNull();
    // The current plan does not renew: it ends on its last day, the day before the target starts.
    expect(within(await currentCard()).getByText('Ends on 14.01.2027')).toBeTruthy();
    expect(screen.queryByText(/Renews on/)).toBeNull();
  });

  it('the Downgrading card withdraws the change: the current plan renews again', async () => {
    const { server } = renderPaid({
      product: PREMIUM_GPS,
      ...paid,
      downgrading: { product_id: 'prod-basic', product_name: 'Basic', starts_on: '2027-01-15' },
    });
    const list = await screen.findByRole('region', { name: 'Plans' });
    const basic = within(list).getByRole('heading', { name: 'Basic' }).closest('article')!;
    within(basic).getByRole('button', { name: 'Withdraw the change' }).click();
    expect(
      await screen.findByText('The plan change has been withdrawn. Your plan renews as before.'),
    ).toBeTruthy();
    expect(server.find('POST', '/v1/subscription/cancel/downgrade')).toHaveLength(1);
    await waitFor(() => expect(within(list).queryByRole('heading', { name: 'Basic' })).toBeNull());
    expect(within(await currentCard()).getByText('Renews on 15.01.2027')).toBeTruthy();
  });

  it('the free plan shows no term and no way to cancel, and does not ask the cancel status', async () => {
    const { server } = renderPaid({ product: FREE });
    await screen.findByRole('region', { name: 'Plans' });
    expect(screen.queryByText(/Renews on|Ends on/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Cancel subscription' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change plan down' })).toBeNull();
    expect(server.find('GET', '/v1/subscription/cancelat')).toHaveLength(0);
  });

  it("a gift user trying to move down gets the can't-downgrade popup", async () => {
    renderPaid({ product: PREMIUM, is_gift: true });
    (await screen.findByRole('button', { name: 'Change plan down' })).click();
    const popup = await screen.findByRole('dialog', { name: 'Downgrade not possible' });
    expect(within(popup).getByText('A downgrade is not possible for this subscription.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Cancel subscription' })).toBeNull();
  });
});
