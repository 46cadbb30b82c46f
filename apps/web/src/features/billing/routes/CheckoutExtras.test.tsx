import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeMyInfo, mockFetch } from '../../../test/fetchMock.ts';
import { fakeProduct } from '../../../test/plans.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { acceptTerms, fakePrices, fillCard, payButton, renderCheckout, SLOW } from '../test/checkout.tsx';
import { fakeOrder, ordersPage } from '../test/orders.ts';
import { BillsPage } from './BillsPage.tsx';

// What the checkout adds or credits besides the plan (issue 34): an order in progress is not credited, a
// registered tracker is not charged again, the brand's optional service, and the texts of the cases that
// could not show before (an empty coupon answer, an order that could not be placed).

const breakdown = () => screen.findByRole('region', { name: 'Price breakdown' }, SLOW);
const rows = (region: HTMLElement) =>
  within(region)
    .getAllByTestId('price-row')
    .map((row) => row.textContent?.replace(/\s/g, ' '));

const SERVICE = {
  key: 'personal-setup',
  name: { en: 'Personal setup service', de: 'Persönlicher Einrichtungsservice' },
  text: { en: 'We enter your data for you.', de: 'Wir tragen Ihre Daten für Sie ein.' },
  price: 29,
  price_cents: 2900,
};

describe('checkout: an order in progress is not credited', () => {
  it('a free user whose Basic order is in progress sees the full price and why; once paid, the credit', async () => {
    let paid = false;
    renderCheckout({
      handlers: {
        'GET /v1/subscription/product/list': () => ({
          body: {
            data: [
              fakeProduct({ id: 'prod-free', name: 'Free', sequence: 0, monthly_price: 0, yearly_price: 0 }),
              fakeProduct(),
              fakeProduct({ id: 'prod-premium', name: 'Premium', sequence: 2, yearly_price: 49.99 }),
            ],
            order_placed: paid ? null : 'prod-basic',
          },
        }),
        'POST /v1/subscription/prices': () => ({
          body: paid
            ? fakePrices({
                proration: -29.9,
                proration_cents: -2990,
                proration_days_left: 364,
                total_price_discounted: 20.09,
                total_cents: 2009,
              })
            : fakePrices({ order_placed: 'prod-basic' }),
        }),
      },
    });
    expect(rows(await breakdown())).toEqual(['Plan price49,99 €', 'Total49,99 €']);
    expect(screen.getByTestId('order-in-progress').textContent).toMatch(
      /Your order for Basic is still in progress\. Its term is credited only once it has been paid/,
    );
    expect(payButton().textContent).toBe('Order already placed');

    // The payment event arrives: the page finds out by itself and shows the credit of the now paid term.
    paid = true;
    await waitFor(
      () => expect(screen.queryByText(/Credit for your current term \(364 days left\)/)).toBeTruthy(),
      { timeout: 8000 },
    );
    expect(screen.queryByTestId('order-in-progress')).toBeNull();
  });
});

describe('checkout: the GPS tracker of a user who registered one', () => {
  const basis = fakeProduct({
    id: 'basis-12',
    name: 'BASIS 12',
    duration: 12,
    gps_tracking: true,
    monthly_price: 0,
    yearly_price: 59.99,
    tracker_price: 59,
  });

  it('tier-fritz with a registered tracker: no device charged, said so; another one on request', async () => {
    const { server } = renderCheckout({
      brand: 'tier-fritz',
      me: { tracker_ids: ['TF-0001'] },
      products: [basis],
      product: 'basis-12',
      handlers: {
        'POST /v1/subscription/prices': ({ body }) => {
          const another = (body as { another_tracker?: boolean }).another_tracker === true;
          return {
            body: fakePrices({
              other_price: 59.99,
              tracker_price: another ? 59 : 0,
              tracker_registered: true,
              total_price_discounted: another ? 118.99 : 59.99,
            }),
          };
        },
      },
    });
    expect(rows(await breakdown())).toEqual(['Plan price59,99 €', 'Total59,99 €']);
    expect(screen.getByTestId('tracker-registered').textContent).toBe(
      'Your registered GPS tracker (TF-0001) is used with this plan: no device is charged.',
    );
    fireEvent.click(
      screen.getByRole('checkbox', { name: /Order another GPS tracker \(one-time 59,00\s€\)/ }),
    );
    await waitFor(
      () =>
        expect(server.find('POST', '/v1/subscription/prices').at(-1)?.body).toMatchObject({
          another_tracker: true,
        }),
      SLOW,
    );
    await waitFor(() => expect(screen.queryByText('GPS tracker (one-time)')).toBeTruthy(), SLOW);
  });

  it('in German too', async () => {
    renderCheckout({
      brand: 'tier-fritz',
      language: 'de',
      me: { tracker_ids: ['TF-0001'] },
      products: [basis],
      product: 'basis-12',
      handlers: {
        'POST /v1/subscription/prices': {
          body: fakePrices({ other_price: 59.99, tracker_registered: true, total_price_discounted: 59.99 }),
        },
      },
    });
    await screen.findByRole('region', { name: 'Preisübersicht' }, SLOW);
    expect(screen.getByTestId('tracker-registered').textContent).toBe(
      'Ihr registrierter GPS-Tracker (TF-0001) wird mit diesem Tarif genutzt: Es wird kein Gerät berechnet.',
    );
  });
});

describe("checkout: the brand's optional service", () => {
  it('offered as a box with its text; ticked, it is its own line and part of the order', async () => {
    const { server } = renderCheckout({
      handlers: {
        'POST /v1/subscription/prices': ({ body }) => {
          const chosen = (body as { optional_service?: boolean }).optional_service === true;
          return {
            body: fakePrices({
              optional_service: SERVICE,
              optional_service_price: chosen ? 29 : 0,
              optional_service_price_cents: chosen ? 2900 : 0,
              total_price_discounted: chosen ? 78.99 : 49.99,
            }),
          };
        },
      },
    });
    expect(rows(await breakdown())).toEqual(['Plan price49,99 €', 'Total49,99 €']);
    const box = screen.getByRole('checkbox', { name: /Add Personal setup service \(one-time 29,00\s€\)/ });
    expect(screen.getByText('We enter your data for you.')).toBeTruthy();
    fireEvent.click(box);
    await waitFor(
      async () =>
        expect(rows(await breakdown())).toEqual([
          'Plan price49,99 €',
          'Personal setup service29,00 €',
          'Total78,99 €',
        ]),
      SLOW,
    );
    fillCard();
    acceptTerms();
    fireEvent.click(payButton());
    await screen.findByText('successful page', {}, SLOW);
    expect(server.find('POST', '/v1/subscription/change/request')[0]?.body).toMatchObject({
      optional_service: true,
      another_tracker: false,
    });
  });

  it('none configured: no box, no line', async () => {
    renderCheckout();
    await breakdown();
    expect(screen.queryByRole('checkbox', { name: /Add / })).toBeNull();
  });
});

describe('checkout: texts of cases that could not show before', () => {
  it('an empty coupon answer (204) shows Invalid_Code', async () => {
    renderCheckout({ handlers: { 'POST /v1/coupon/isvalid': { status: 204 } } });
    await breakdown();
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'spring' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Invalid code.', {}, SLOW)).toBeTruthy();
  });

  it('an order the provider could not start (503 Order_Not_Placed) says so', async () => {
    renderCheckout({
      handlers: {
        'POST /v1/subscription/change/request': {
          status: 503,
          body: { code: 'SERVICE_UNAVAILABLE', message: 'Order_Not_Placed' },
        },
      },
    });
    await breakdown();
    fillCard();
    acceptTerms();
    fireEvent.click(payButton());
    expect(await screen.findByText('The order could not be placed.', {}, SLOW)).toBeTruthy();
  });

  it('an empty answer to the order says the order was not placed', async () => {
    renderCheckout({ handlers: { 'POST /v1/subscription/change/request': { status: 204 } } });
    await breakdown();
    fillCard();
    acceptTerms();
    fireEvent.click(payButton());
    expect(await screen.findByText('The order could not be placed.', {}, SLOW)).toBeTruthy();
  });
});

describe('bills: the optional service of an order', () => {
  it('is its own fact of the order, with its name and amount', async () => {
    mockFetch({
      'GET /v1/auth/myinfo': { body: fakeMyInfo() },
      'GET /v1/order/myorders': {
        body: ordersPage([
          fakeOrder({
            optional_service: { name: 'Personal setup service', amount: 29, amount_eur_formatted: '29,00 €' },
          }),
        ]),
      },
    });
    renderRoutes([{ path: '/my-account/bills', element: <BillsPage /> }], { url: '/my-account/bills' });
    const order = await screen.findByRole('listitem', { name: 'Order PE-1001' }, SLOW);
    expect(within(order).getByText('Optional service')).toBeTruthy();
    expect(within(order).getByText('Personal setup service · 29,00 €')).toBeTruthy();
  });
});
