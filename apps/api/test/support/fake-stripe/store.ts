import { StripeError } from './error.ts';
import { eventSigner, type SignEvent, type SignedEvent } from './events.ts';
import { newId, now, type Obj } from './objects.ts';

// What the fake's resources share: the stored objects by id, the prices it knows, the signing of events and
// the events Stripe sent by itself after an app's call.

export interface FakeStripeStore {
  /** Stored objects by id (customers, coupons, subscriptions, invoices, payment intents, ...). */
  objects: Map<string, Obj>;
  /** The price ids it knows, with their amounts in cents. */
  priceCents: Record<string, number>;
  /** A stored object of that prefix, else Stripe's 404. */
  get(prefix: string, objectId: string): Obj;
  save<T extends Obj>(object: T): T;
  newId(prefix: string): string;
  now(): number;
  signEvent: SignEvent;
  /** Events Stripe sends by itself after an app's call (takeSentEvents). */
  sent: SignedEvent[];
}

export function createStore(priceCents: Record<string, number>, webhookSecret: string): FakeStripeStore {
  const objects = new Map<string, Obj>();
  return {
    objects,
    priceCents,
    get(prefix, objectId) {
      const found = objects.get(objectId);
      if (!found?.id.startsWith(`${prefix}_`)) {
        throw new StripeError(404, 'resource_missing', `No such object: '${objectId}'`);
      }
      return found;
    },
    save(object) {
      objects.set(object.id, object);
      return object;
    },
    newId,
    now,
    signEvent: eventSigner(webhookSecret, now),
    sent: [],
  };
}
