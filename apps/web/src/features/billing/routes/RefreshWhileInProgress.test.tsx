import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeMyInfo, mockFetch } from '../../../test/fetchMock.ts';
import { BASIC, FREE, PREMIUM, PREMIUM_GPS } from '../../../test/plans.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { REFRESH_MAX_MS, refreshDelay } from '../lib/useRefreshWhileInProgress.ts';
import { fakeOrder, ordersPage } from '../test/orders.ts';
import { TERM_END } from '../test/subscription.ts';
import { BillsPage } from './BillsPage.tsx';
import { CancelSubscriptionPage } from './CancelSubscriptionPage.tsx';
import { SubscriptionPage } from './SubscriptionPage.tsx';
import { ACTIVATION_LATE_MS, SubscriptionSuccessfulPage } from './SubscriptionSuccessfulPage.tsx';

// Issue 34: a card payment's plan is activated by the payment event a moment after the successful page. While
// an order of the user is in progress, the pages that show the plan or the orders ask again by themselves
// (with backoff) and stop once nothing is in progress; nobody has to reload to see the plan bought.

const CATALOGUE = [FREE, BASIC, PREMIUM, PREMIUM_GPS];
const WAIT = { timeout: 8000 };

/** The server before and after the payment event: an order in progress, then Premium paid and active. */
function paymentServer() {
  const state = { paid: false };
  const server = mockFetch({
    'GET /v1/auth/myinfo': () => ({
      body: fakeMyInfo(
        state.paid
          ? {
              product: PREMIUM,
              stripe_subscription_end: TERM_END,
              stripe_price_id: 'price-prod-premium-yearly',
            }
          : { product: FREE },
      ),
    }),
    'GET /v1/subscription/product/list': () => ({
      body: { data: CATALOGUE, order_placed: state.paid ? null : 'prod-premium' },
    }),
    'GET /v1/order/myorders': () => ({
      body: ordersPage([fakeOrder({ status: state.paid ? 'paid' : 'pending' })]),
    }),
    'GET /v1/subscription/cancelat': { body: { status: 'active' } },
  });
  return { state, server };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('refreshing while an order is in progress', () => {
  it('backs off from half a second to at most 30 seconds', () => {
    expect(refreshDelay(0)).toBe(500);
    expect(refreshDelay(3000)).toBe(2000);
    expect(refreshDelay(10 * 60_000)).toBe(REFRESH_MAX_MS);
  });

  it('the subscription page: "Already ordered" turns into the active plan without a reload, then stops asking', {
    timeout: 20_000,
  }, async () => {
    const { state, server } = paymentServer();
    renderRoutes([{ path: '/my-account/subscription', element: <SubscriptionPage /> }], {
      url: '/my-account/subscription',
    });
    const list = await screen.findByRole('region', { name: 'Plans' });
    const premium = within(list)
      .getAllByRole('article')
      .find((card) => within(card).getByRole('heading').textContent === 'Premium')!;
    expect(within(premium).getByRole('button', { name: 'Already ordered' })).toBeTruthy();

    state.paid = true;
    await waitFor(() => {
      const card = screen
        .getAllByRole('article')
        .find((c) => within(c).getByRole('heading').textContent === 'Premium');
      expect(card?.getAttribute('aria-current')).toBe('true');
    }, WAIT);
    const asked = server.find('GET', '/v1/subscription/product/list').length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(server.find('GET', '/v1/subscription/product/list')).toHaveLength(asked);
  });

  it('the bills: an order "In progress" turns "Paid" without a reload', { timeout: 20_000 }, async () => {
    const { state } = paymentServer();
    renderRoutes([{ path: '/my-account/bills', element: <BillsPage /> }], { url: '/my-account/bills' });
    const orders = await screen.findByRole('list', { name: 'Orders' });
    expect(within(orders).getByText('In progress')).toBeTruthy();
    state.paid = true;
    await waitFor(() => expect(within(orders).getByText('Paid')).toBeTruthy(), WAIT);
  });

  it("the cancel page: the free plan's contact message turns into the paid plan's cancellation", {
    timeout: 20_000,
  }, async () => {
    const { state } = paymentServer();
    renderRoutes([{ path: '/my-account/cancel-subscription', element: <CancelSubscriptionPage /> }], {
      url: '/my-account/cancel-subscription',
    });
    expect(await screen.findByText(/free plan cannot be cancelled|contact/i, {}, WAIT)).toBeTruthy();
    state.paid = true;
    // Premium is paid: the choice between moving down and cancelling (spec 2 section 4 "Cancel flow").
    expect(await screen.findByRole('heading', { name: 'Change or cancel your plan' }, WAIT)).toBeTruthy();
    expect(screen.getByText('Your plan Premium')).toBeTruthy();
  });

  it('the successful page looks within a second, says the plan is active, then stops asking', {
    timeout: 20_000,
  }, async () => {
    const { state, server } = paymentServer();
    renderRoutes([{ path: '/my-account/subscription/successful', element: <SubscriptionSuccessfulPage /> }], {
      url: '/my-account/subscription/successful?order=order-1&method=card',
    });
    expect(await screen.findByText(/In progress: this usually takes a few seconds/)).toBeTruthy();
    state.paid = true;
    expect(await screen.findByText('Your plan Premium is now active.', {}, { timeout: 1500 })).toBeTruthy();
    // It stops asking once the order is paid.
    const asked = server.find('GET', '/v1/order/myorders').length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(server.find('GET', '/v1/order/myorders')).toHaveLength(asked);
  });

  it('a card payment whose plan is still not attached after two minutes: try again later', {
    timeout: 20_000,
  }, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    paymentServer();
    renderRoutes([{ path: '/my-account/subscription/successful', element: <SubscriptionSuccessfulPage /> }], {
      url: '/my-account/subscription/successful?order=order-1&method=card',
    });
    expect(await screen.findByText(/In progress: this usually takes a few seconds/)).toBeTruthy();
    await vi.advanceTimersByTimeAsync(ACTIVATION_LATE_MS + REFRESH_MAX_MS);
    expect(
      await screen.findByText('The product could not be linked to your account. Please try again later.'),
    ).toBeTruthy();
  });
});
