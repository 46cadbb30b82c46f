import type { DbOrTx } from '../../db/client.ts';
import { paymentEvents } from '../../db/schema/index.ts';

// The processed events: each provider event id applied once (recorded in the applying transaction). Shared
// by the two appliers, payment-events/ (payments, renewals) and payment-method/ (a saved method), so neither
// imports the other back.

/** Records an event as processed; false when it already was (a replay). */
export async function recordEvent(
  db: DbOrTx,
  event: { id: string; provider: string; type: string },
): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}
