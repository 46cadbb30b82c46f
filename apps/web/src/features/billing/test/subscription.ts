import { fakeMyInfo, mockFetch } from '../../../test/fetchMock.ts';

// A fake subscription API for component tests: myinfo, the product list and the cancel calls, with the state
// the calls change (cancelled, downgrading), so the pages read what the server would answer after each call.

/** 2027-01-15 00:00 in Berlin: the term's last day is 14.01.2027, the next term starts 15.01.2027. */
export const TERM_END = Date.UTC(2027, 0, 14, 23, 0, 0) / 1000;

export function subscriptionServer(options: {
  me: Record<string, unknown>;
  products: unknown[];
  cancelled?: boolean;
  answers?: Partial<
    Record<'cancel' | 'revoke' | 'downgrade' | 'withdraw', { status: number; body: unknown }>
  >;
}) {
  const state = {
    cancelled: options.cancelled ?? false,
    downgrading: (options.me.downgrading ?? false) as unknown,
  };
  const paid = typeof options.me.stripe_subscription_end === 'number';
  return mockFetch({
    'GET /v1/auth/myinfo': () => ({ body: fakeMyInfo({ ...options.me, downgrading: state.downgrading }) }),
    'GET /v1/subscription/product/list': { body: { data: options.products, order_placed: null } },
    'GET /v1/subscription/cancelat': () => ({
      body: {
        status: paid ? (state.cancelled ? 'cancel' : 'active') : 'none',
        end_date: paid ? options.me.stripe_subscription_end : null,
      },
    }),
    'POST /v1/subscription/cancel': () => {
      if (options.answers?.cancel) return options.answers.cancel;
      state.cancelled = true;
      state.downgrading = false;
      return { body: { current_phase: { end_date: options.me.stripe_subscription_end } } };
    },
    'POST /v1/subscription/cancel/revoke': () => {
      if (options.answers?.revoke) return options.answers.revoke;
      state.cancelled = false;
      return { body: { status: 'active' } };
    },
    'POST /v1/subscription/downgrade': ({ body }) => {
      if (options.answers?.downgrade) return options.answers.downgrade;
      const priceId = String((body as { price_id: string }).price_id);
      const target = (
        options.products as {
          id: string;
          name: string;
          yearly_price_id: string | null;
          monthly_price_id: string | null;
        }[]
      ).find((p) => p.yearly_price_id === priceId || p.monthly_price_id === priceId);
      state.downgrading = { product_id: target?.id, product_name: target?.name, starts_on: '2027-01-15' };
      return { body: { downgrading: state.downgrading } };
    },
    'POST /v1/subscription/cancel/downgrade': () => {
      if (options.answers?.withdraw) return options.answers.withdraw;
      state.downgrading = false;
      return { body: { downgrading: false } };
    },
  });
}
