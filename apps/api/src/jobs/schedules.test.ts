import { sql } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import { describe, expect, test } from 'vitest';
import { rowsOf } from '../../test/support/pets.ts';
import { useTestApp } from '../../test/support/test-app.ts';
import { signInFailures } from '../db/schema/index.ts';
import { jobHandlers, QUEUES, SCHEDULES, startWorkers } from '../job-registry.ts';
import { THROTTLE } from '../modules/auth/throttles/sign-in-throttle.ts';

// The recurring jobs: what the server's start registers with pg-boss, and what they do.

const t = useTestApp();

const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);

async function remainingHashes(): Promise<string[]> {
  const rows = await t.database.db.select({ hash: signInFailures.emailHash }).from(signInFailures);
  return rows.map((r) => r.hash).sort();
}

describe('the clean-up of sign-in failure counts', () => {
  test('removes the counts the throttle no longer reads and keeps the others', async () => {
    const window = THROTTLE.forgetAfterSeconds * 1000;
    await t.database.db.insert(signInFailures).values([
      // Forgotten by the throttle: its next failure would count from one again.
      { emailHash: 'stale', failures: 12, lastFailureAt: ago(window + HOUR), blockedUntil: ago(window) },
      {
        emailHash: 'long-gone',
        failures: 3,
        lastFailureAt: ago(30 * window),
        blockedUntil: ago(30 * window),
      },
      // Still counted: the next failure adds to it (and may reach the owner's mail).
      { emailHash: 'recent', failures: 9, lastFailureAt: ago(HOUR), blockedUntil: ago(HOUR - 60_000) },
      {
        emailHash: 'just-inside',
        failures: 6,
        lastFailureAt: ago(window - 60_000),
        blockedUntil: ago(window),
      },
      // Still waiting: a row whose wait has not run out stays, however old its last failure.
      { emailHash: 'waiting', failures: 8, lastFailureAt: ago(window + HOUR), blockedUntil: ago(-60_000) },
    ]);

    const cleanUp = jobHandlers(t.app)[QUEUES.signInFailuresCleanup]!;
    await cleanUp({ id: 'test', name: QUEUES.signInFailuresCleanup, data: {} } as Job<never>);

    expect(await remainingHashes()).toEqual(['just-inside', 'recent', 'waiting']);
  });
});

describe('the server start', () => {
  test('registers every schedule with pg-boss once, however often it starts', async () => {
    await startWorkers(t.app);
    await startWorkers(t.app);
    const rows = rowsOf<{ name: string; cron: string; timezone: string }>(
      await t.database.db.execute(sql`select name, cron, timezone from pgboss.schedule order by name`),
    );
    const expected = Object.entries(SCHEDULES)
      .map(([name, cron]) => ({ name, cron, timezone: 'UTC' }))
      .sort((a, b) => a.name.localeCompare(b.name));
    // Both sorted here: the database's collation need not order names as JavaScript does.
    expect([...rows].sort((a, b) => a.name.localeCompare(b.name))).toEqual(expected);
    expect(rows.map((r) => r.name)).toContain(QUEUES.signInFailuresCleanup);
  });
});
