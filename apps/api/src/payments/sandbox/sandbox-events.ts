import { z } from 'zod';
import type { Tx } from '../../db/client.ts';

// The events the sandbox sends to the webhook route, and the job that delivers each: shared by the provider,
// its setup sessions and its renewals, which each emit them (in a file of their own, so none of those
// imports another back).

/** A setup checkout's event, named as Stripe names it. */
export const SETUP_COMPLETED = 'checkout.session.completed';

const sandboxEventType = z.enum([
  'payment_intent.succeeded',
  'payment_intent.processing',
  'payment_intent.payment_failed',
  SETUP_COMPLETED,
]);
export type SandboxEventType = z.infer<typeof sandboxEventType>;

/** A delivery job: the event id is fixed when it is sent, so retries deliver the same event. */
export const sandboxDeliveryPayload = z.object({
  eventId: z.string(),
  intentId: z.string(),
  type: sandboxEventType,
  /** A SEPA debit's outcome: the intent settles when the job runs. */
  settle: z.boolean().optional(),
});
export type SandboxDeliveryJob = z.infer<typeof sandboxDeliveryPayload>;

/** The sandbox's side that its delivery job needs (the app's container holds it while the sandbox is the provider). */
export interface SandboxDelivery {
  /** The signed request body and header of a delivery job's event, settling a SEPA debit first. */
  prepareDelivery(job: SandboxDeliveryJob): Promise<{ payload: string; signature: string } | null>;
}

/** Queues an event for the webhook route (in the caller's transaction), at once or after `delayMs`. */
export type SandboxEmit = (
  tx: Tx,
  intentId: string,
  type: SandboxEventType,
  options?: { delayMs?: number; settle?: boolean },
) => Promise<void>;
