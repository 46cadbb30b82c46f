import { eq, sql } from 'drizzle-orm';
import { subscriptions } from '../../src/db/schema/index.ts';
import type { TestApp } from './test-app.ts';

// The subscription row for the lifecycle tests (cancel, revoke, downgrade): read it, or hold it locked the
// way a concurrent change does, to see that a change waits for it.

export async function subscriptionRow(t: TestApp, userId: string) {
  const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  if (!row) throw new Error(`no subscription for ${userId}`);
  return row;
}

/** Locks the user's subscription row in a transaction of its own until `release` is called. */
export async function holdSubscriptionRow(t: TestApp, userId: string) {
  let release = () => {};
  let locked = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const acquired = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const done = t.database.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${subscriptions} where user_id = ${userId} for update`);
    locked();
    await held;
  });
  await acquired;
  return {
    async release() {
      release();
      await done;
    },
  };
}
