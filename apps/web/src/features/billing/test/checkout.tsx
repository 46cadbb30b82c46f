import type { PricesResponse } from '@pet/shared';
import type { BrandId } from '@pet/shared/brands';
import { fireEvent, screen } from '@testing-library/react';
import { fakeMyInfo, type MockAnswer, mockFetch } from '../../../test/fetchMock.ts';
import { BASIC, FREE, PREMIUM, PREMIUM_GPS } from '../../../test/plans.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { CheckoutPage } from '../routes/CheckoutPage.tsx';

// The checkout's fake server: the contract's answers, each one replaceable by a test.

/**
 * For the waits of these tests: a checkout renders a whole form (a country list among it), and on a busy
 * two-core machine its first answers can take more than Testing Library's default second.
 */
export const SLOW = { timeout: 5000 };

export function fakePrices(overrides: Partial<PricesResponse> = {}): PricesResponse {
  return {
    other_price: 49.99,
    tracker_price: 0,
    tracker_registered: false,
    optional_service_price: 0,
    optional_service_price_cents: 0,
    optional_service: null,
    discount: 0,
    proration: 0,
    total_price_discounted: 49.99,
    other_price_cents: 4999,
    tracker_price_cents: 0,
    discount_cents: 0,
    proration_cents: 0,
    total_cents: 4999,
    proration_days_left: 0,
    proration_days_total: 0,
    trial_months: null,
    order_placed: null,
    vat_rate_percent: 19,
    ...overrides,
  };
}

type Handler = MockAnswer | ((request: { url: URL; body: unknown }) => MockAnswer);

export interface CheckoutOptions {
  me?: Record<string, unknown>;
  products?: unknown[];
  orderPlaced?: string | null;
  product?: string;
  brand?: BrandId;
  language?: 'en' | 'de';
  handlers?: Record<string, Handler>;
  /** The successful page's code never arrives: the checkout stays on screen after Pay, as on a slow line. */
  successfulPageLoading?: boolean;
}

export function renderCheckout(options: CheckoutOptions = {}) {
  const server = mockFetch({
    'GET /v1/auth/myinfo': { body: fakeMyInfo({ product: FREE, ...options.me }) },
    'GET /v1/subscription/product/list': {
      body: {
        data: options.products ?? [FREE, BASIC, PREMIUM, PREMIUM_GPS],
        order_placed: options.orderPlaced ?? null,
      },
    },
    'GET /v1/config': { body: { google: false, payments: { provider: 'sandbox', publishable_key: null } } },
    'POST /v1/subscription/prices': { body: fakePrices() },
    'POST /v1/subscription/change/request': {
      body: { secret: 'pi_1_secret_abc', order_id: 'order-1', amount_cents: 4999, provider: 'sandbox' },
    },
    'POST /v1/sandbox/payment_intents/pi_1/confirm': {
      body: { paymentIntent: { id: 'pi_1', status: 'succeeded', next_action: null }, error: null },
    },
    'DELETE /v1/order/delete': { status: 204 },
    ...options.handlers,
  });
  const view = renderRoutes(
    [
      { path: '/my-account/subscription/checkout', element: <CheckoutPage /> },
      options.successfulPageLoading
        ? { path: '/my-account/subscription/successful', lazy: () => new Promise<never>(() => {}) }
        : { path: '/my-account/subscription/successful', element: <p>successful page</p> },
      { path: '/my-account/subscription', element: <p>step one</p> },
    ],
    {
      url: `/my-account/subscription/checkout?product=${options.product ?? 'prod-premium'}`,
      brand: options.brand,
      language: options.language,
    },
  );
  return { ...view, server };
}

export function fillCard(number = '4242 4242 4242 4242', expiry = '12/34', cvc = '123') {
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Expiry date (MM/YY)'), { target: { value: expiry } });
  fireEvent.change(screen.getByLabelText('CVC'), { target: { value: cvc } });
}

export function acceptTerms() {
  fireEvent.click(screen.getByRole('checkbox', { name: /I accept the/ }));
}

export function payButton() {
  return screen.getByRole('button', { name: /^Pay|Order already placed/ });
}
