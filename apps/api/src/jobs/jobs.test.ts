import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase } from '../../test/support/test-database.ts';
import type { Database } from '../db/client.ts';
import { createBoss } from './boss.ts';
import { jobQueue } from './define-job.ts';
import { createJobs, type Jobs } from './jobs.ts';

// A queue of the test's own; not one of the registry's.
const QUEUE = jobQueue('jobs-test', z.object({ n: z.number() }));
let database: Database;
let jobs: Jobs;

beforeAll(async () => {
  database = await createTestDatabase();
  const boss = createBoss(database);
  await boss.start();
  await boss.createQueue(QUEUE.name);
  await boss.stop({ graceful: false });
  jobs = createJobs(database, pino({ level: 'silent' }));
  await jobs.start();
});

afterAll(async () => {
  await jobs.stop();
  await database.close();
});

async function jobCount(): Promise<number> {
  const result = await database.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = ${QUEUE.name}`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as {
    n: number;
  }[];
  return rows[0]!.n;
}

describe('jobs', () => {
  it('has the pg-boss schema in a migrated database', async () => {
    expect(await jobCount()).toBe(0);
  });

  it('creates no job when the transaction that sent it rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await jobs.send(QUEUE, { n: 1 }, { tx });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await jobCount()).toBe(0);
  });

  it('runs a job sent in a committed transaction no earlier than its start time', async () => {
    const startAfter = new Date(Date.now() + 1_500);
    await database.db.transaction(async (tx) => {
      await jobs.send(QUEUE, { n: 2 }, { tx, startAfter });
    });
    const ran = new Promise<{ at: number; data: unknown }>((resolve) => {
      void jobs.work(
        { [QUEUE.name]: async (job: { data: unknown }) => resolve({ at: Date.now(), data: job.data }) },
        { pollingIntervalSeconds: 0.5 },
      );
    });
    const { at, data } = await ran;
    expect(data).toEqual({ n: 2 });
    expect(at).toBeGreaterThanOrEqual(startAfter.getTime());
    expect(at - startAfter.getTime()).toBeLessThan(3_000);
  });

  it('cancels a job so that it never runs', async () => {
    const id = await jobs.send(QUEUE, { n: 3 }, { startAfter: new Date(Date.now() + 60_000) });
    await jobs.cancel(QUEUE, id!);
    const result = await database.db.execute(sql`select state from pgboss.job where id = ${id}`);
    const rows = (Array.isArray(result) ? result : (result as { rows: { state: string }[] }).rows) as {
      state: string;
    }[];
    expect(rows[0]!.state).toBe('cancelled');
  });
});
