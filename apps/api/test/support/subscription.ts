import { eq, sql } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import { subscriptions } from '../../src/db/schema/index.ts';
import { QUEUES } from '../../src/job-registry.ts';
import { subscriptionMailHandler } from '../../src/modules/billing/subscription/subscription-mails.ts';
import { runTermJob } from '../../src/modules/billing/subscription/term-end.job.ts';
import type { TermEndJob } from '../../src/modules/billing/subscription/terms.ts';
import { rowsOf } from './pets.ts';
import type { TestApp } from './test-app.ts';

// The subscription driven by the app's clock: the tests move a settable clock and run the due
// term-end and renewal-retry jobs themselves (the queue's own worker would wait for the real time).

/** A clock the test moves; starts at the real time. */
export function settableClock() {
  let now = new Date();
  return {
    read: () => now,
    set(at: Date) {
      now = at;
    },
  };
}

/** Starts the subscription mails' worker in a test app (the server starts every worker; tests pick theirs). */
export async function sendSubscriptionMails(t: TestApp): Promise<void> {
  await t.app.ctx.jobs.work(
    { [QUEUES.subscriptionMail]: subscriptionMailHandler(t.app.ctx) },
    { pollingIntervalSeconds: 0.5 },
  );
}

export async function subscriptionOf(t: TestApp, userId: string) {
  const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  if (!row) throw new Error(`no subscription for ${userId}`);
  return row;
}

export interface QueuedJob {
  id: string;
  name: string;
  state: string;
  startAfter: Date;
  data: TermEndJob & Record<string, string>;
}

/** The user's jobs in `queue` (data.userId), oldest first. */
export async function jobsOf(t: TestApp, queue: string, userId: string): Promise<QueuedJob[]> {
  const result = await t.database.db.execute(
    sql`select id, name, state, start_after, data from pgboss.job
        where name = ${queue} and data->>'userId' = ${userId} order by created_on, start_after`,
  );
  return rowsOf<{
    id: string;
    name: string;
    state: string;
    start_after: Date | string;
    data: QueuedJob['data'];
  }>(result).map((row) => ({ ...row, startAfter: new Date(row.start_after) }));
}

/** The user's one pending (created) job in `queue`. */
export async function pendingJob(t: TestApp, queue: string, userId: string): Promise<QueuedJob> {
  const pending = (await jobsOf(t, queue, userId)).filter((job) => job.state === 'created');
  if (pending.length !== 1) throw new Error(`${pending.length} pending ${queue} jobs for ${userId}`);
  return pending[0]!;
}

/** Runs a term-end or renewal-retry job as its worker would (again, when called twice). */
export async function runJob(t: TestApp, job: QueuedJob): Promise<void> {
  await runTermJob(t.app.ctx, { id: job.id, data: job.data } as Pick<Job<TermEndJob>, 'id' | 'data'>);
  await t.database.db.execute(
    sql`update pgboss.job set state = 'completed' where id = ${job.id} and state = 'created'`,
  );
}

/** Waits until the user's subscription satisfies `done` (sandbox events arrive through a job). */
export async function subscriptionReaches(
  t: TestApp,
  userId: string,
  done: (row: Awaited<ReturnType<typeof subscriptionOf>>) => boolean,
  timeoutMs = 10_000,
) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await subscriptionOf(t, userId);
    if (done(row)) return row;
    if (Date.now() > until)
      throw new Error(`subscription of ${userId} did not get there: ${JSON.stringify(row)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
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
