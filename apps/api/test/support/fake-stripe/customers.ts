import type { Routes } from './http.ts';
import type { FakeStripeStore } from './store.ts';

// Customers: made, their invoice settings (the default payment method) updated, and balance transactions (the
// proration credit) that move the balance a subscription's first invoice then draws on.

export function customerRoutes(store: FakeStripeStore): Routes {
  const { get, save, newId: id, now } = store;
  return {
    'POST /v1/customers': ({ params, metadata }) =>
      save({
        id: id('cus'),
        object: 'customer',
        email: params.email ?? null,
        name: params.name ?? null,
        balance: 0,
        metadata,
        created: now(),
      }),
    'POST /v1/customers/cus_:id': ({ objectId, params }) => {
      const customer = get('cus', objectId);
      if (params.invoice_settings) customer.invoice_settings = params.invoice_settings;
      return customer;
    },
    'POST /v1/customers/cus_:id/balance_transactions': ({ objectId, params, metadata }) => {
      const customer = get('cus', objectId);
      const amount = Number(params.amount);
      const ending = Number(customer.balance) + amount;
      customer.balance = ending;
      return save({
        id: id('cbtxn'),
        object: 'customer_balance_transaction',
        customer: customer.id,
        amount,
        currency: params.currency,
        ending_balance: ending,
        description: params.description ?? null,
        metadata,
        type: 'adjustment',
      });
    },
  };
}
