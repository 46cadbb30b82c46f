// Plans as GET /v1/auth/myinfo and GET /v1/subscription/product/list answer them (DESIGN.md catalogue).

/** Price ids follow the prices (null where a price is 0), as the catalogue keeps them; overrides win. */
export function fakeProduct(overrides: Record<string, unknown> = {}) {
  const plan = {
    id: 'prod-basic',
    name: 'Basic',
    sequence: 1,
    internal_note: null,
    is_default: false,
    pets_limit: 3,
    documents_limit: 20,
    appointments: true,
    medical: true,
    emergency_file: true,
    gps_tracking: false,
    duration: null,
    monthly_price: 2.99,
    yearly_price: 29.99,
    ...overrides,
  };
  return {
    partner_id: 'petention',
    key: String(plan.id),
    stripe_id: null,
    monthly_price_id: Number(plan.monthly_price) > 0 ? `price-${String(plan.id)}-monthly` : null,
    yearly_price_id: Number(plan.yearly_price) > 0 ? `price-${String(plan.id)}-yearly` : null,
    tracker_price: null,
    ...plan,
  };
}

export const FREE = fakeProduct({
  id: 'prod-free',
  name: 'Free',
  sequence: 0,
  is_default: true,
  pets_limit: 1,
  documents_limit: 5,
  appointments: false,
  medical: false,
  emergency_file: false,
  monthly_price: 0,
  yearly_price: 0,
});
export const BASIC = fakeProduct();
export const PREMIUM = fakeProduct({
  id: 'prod-premium',
  name: 'Premium',
  sequence: 2,
  pets_limit: 6,
  documents_limit: 100,
  monthly_price: 4.99,
  yearly_price: 49.99,
});
export const PREMIUM_GPS = fakeProduct({
  id: 'prod-premium-gps',
  name: 'Premium GPS',
  sequence: 3,
  pets_limit: 10,
  documents_limit: 100,
  gps_tracking: true,
  monthly_price: 7.99,
  yearly_price: 79.99,
});
