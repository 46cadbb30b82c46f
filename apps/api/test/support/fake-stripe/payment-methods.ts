import type { Routes } from './http.ts';
import type { Obj } from './objects.ts';
import type { FakeStripeStore } from './store.ts';

// Payment methods: Stripe's test card (Visa 4242) and SEPA account (DE … 3000), made when a payment is settled
// or a setup completed, and read back by id.

/** A new method of the customer, stored. */
export function savePaymentMethod(store: FakeStripeStore, kind: 'card' | 'sepa', customer: unknown): Obj {
  const details =
    kind === 'sepa'
      ? { type: 'sepa_debit', sepa_debit: { country: 'DE', last4: '3000' } }
      : { type: 'card', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 } };
  return store.save({ id: store.newId('pm'), object: 'payment_method', customer, ...details });
}

export function paymentMethodRoutes(store: FakeStripeStore): Routes {
  return {
    'GET /v1/payment_methods/pm_:id': ({ objectId }) => store.get('pm', objectId),
  };
}
