import type { Tx } from '../../db/client.ts';

// The events the sandbox sends to the webhook route, and the job that delivers each: shared by the provider,
// its setup sessions and its renewals, which each emit them (in a file of their own, so none of those
// imports another back).

/** A setup checkout's event, named as Stripe names it. */
export const SETUP_COMPLETED = 'checkout.session.completed';

export type SandboxEventType =
  | 'payment_intent.succeeded'
  | 'payment_intent.processing'
  | 'payment_intent.payment_failed'
  | typeof SETUP_COMPLETED;

/** A delivery job: the event id is fixed when it is sent, so retries deliver the same event. */
export interface SandboxDeliveryJob {
  eventId: string;
  intentId: string;
  type: SandboxEventType;
  /** A SEPA debit's outcome: the intent settles when the job runs. */
  settle?: boolean;
}

/** Queues an event for the webhook route (in the caller's transaction), at once or after `delayMs`. */
export type SandboxEmit = (
  tx: Tx,
  intentId: string,
  type: SandboxEventType,
  options?: { delayMs?: number; settle?: boolean },
) => Promise<void>;
