import Stripe from 'stripe';
import { newId } from './objects.ts';

// Webhook events as Stripe sends them: the event envelope around an object, signed with the endpoint's secret
// in Stripe-Signature's scheme (by the real SDK's test header), so the app verifies them as it does Stripe's.

export interface SignedEvent {
  type: string;
  body: Buffer;
  header: string;
}

export type SignEvent = (
  type: string,
  object: Record<string, unknown>,
  options?: { timestamp?: number },
) => SignedEvent;

const WEBHOOK_SIGNER = new Stripe('sk_test_signer');

/** Signs events for the webhook secret; `now` gives the default timestamp (unix seconds). */
export function eventSigner(webhookSecret: string, now: () => number): SignEvent {
  return (type, object, options = {}) => {
    const timestamp = options.timestamp ?? now();
    const payload = JSON.stringify({
      id: newId('evt'),
      object: 'event',
      type,
      api_version: Stripe.API_VERSION,
      created: timestamp,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
    const header = WEBHOOK_SIGNER.webhooks.generateTestHeaderString({
      payload,
      secret: webhookSecret,
      timestamp,
    });
    return { type, body: Buffer.from(payload), header };
  };
}
