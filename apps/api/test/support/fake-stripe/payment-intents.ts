import type { Routes } from './http.ts';
import type { Params } from './objects.ts';
import type { FakeStripeStore } from './store.ts';

// Payment intents: read (with the method expanded, for its label) and their metadata updated. They are made by
// the subscriptions' invoices and moved on by the invoices (settle, pay, void).

export function paymentIntentRoutes(store: FakeStripeStore): Routes {
  const { get } = store;
  return {
    'GET /v1/payment_intents/pi_:id': ({ objectId, expand }) => {
      const intent = get('pi', objectId);
      const method = intent.payment_method;
      return expand.includes('payment_method') && typeof method === 'string'
        ? { ...intent, payment_method: get('pm', method) }
        : intent;
    },
    'POST /v1/payment_intents/pi_:id': ({ objectId, metadata }) => {
      const intent = get('pi', objectId);
      intent.metadata = { ...(intent.metadata as Params), ...metadata };
      return intent;
    },
  };
}
