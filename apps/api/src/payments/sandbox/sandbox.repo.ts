import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sandboxPaymentIntents } from '../../db/schema/index.ts';

// The sandbox's stand-in for Stripe's payment intents: one row per order's payment.

export type SandboxIntent = typeof sandboxPaymentIntents.$inferSelect;
export type IntentStatus = SandboxIntent['status'];

export async function insertIntent(
  db: DbOrTx,
  values: typeof sandboxPaymentIntents.$inferInsert,
): Promise<void> {
  await db.insert(sandboxPaymentIntents).values(values);
}

export async function findIntent(
  db: DbOrTx,
  id: string,
  options: { lock: boolean } = { lock: false },
): Promise<SandboxIntent | undefined> {
  const query = db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Moves the intent only from one of `from`; undefined when it was in another status. */
export async function moveIntent(
  db: DbOrTx,
  id: string,
  from: readonly string[],
  set: Partial<typeof sandboxPaymentIntents.$inferInsert>,
): Promise<SandboxIntent | undefined> {
  const [row] = await db
    .update(sandboxPaymentIntents)
    .set(set)
    .where(and(eq(sandboxPaymentIntents.id, id), inArray(sandboxPaymentIntents.status, [...from])))
    .returning();
  return row;
}
