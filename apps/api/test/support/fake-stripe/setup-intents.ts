import type { Routes } from './http.ts';
import type { FakeStripeStore } from './store.ts';

// Setup intents, made by a setup-mode Checkout session: read, with the new method expanded.

export function setupIntentRoutes(store: FakeStripeStore): Routes {
  return {
    'GET /v1/setup_intents/seti_:id': ({ objectId, expand }) => {
      const intent = store.get('seti', objectId);
      const method = intent.payment_method && store.objects.get(String(intent.payment_method));
      return expand.includes('payment_method') && method ? { ...intent, payment_method: method } : intent;
    },
  };
}
