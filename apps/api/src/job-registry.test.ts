import { sql } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import pino from 'pino';
import { describe, expect, test } from 'vitest';
import { rowsOf } from '../test/support/pets.ts';
import { useTestApp } from '../test/support/test-app.ts';
import { JOB_LIST, JOBS, jobHandlers, QUEUES } from './job-registry.ts';
import { createBoss } from './jobs/boss.ts';
import { JobPayloadError } from './jobs/define-job.ts';
import { createJobs } from './jobs/jobs.ts';

// The one list of jobs (registry.ts) against the database's queues, and a payload its schema refuses: at the
// send, in the handler, and for a job already stored (failed at once, no retries, one log line naming the
// queue and the fields but never their values).

const t = useTestApp();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the job registry', () => {
  test('lists every queue exactly once: no queue without a definition, no definition without a queue', async () => {
    const names = JOB_LIST.map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
    expect(Object.values(QUEUES)).toEqual(names);
    const queues = rowsOf<{ name: string }>(
      await t.database.db.execute(sql`select name from pgboss.queue order by name`),
    ).map((row) => row.name);
    expect(queues).toEqual([...names].sort());
    expect(Object.keys(jobHandlers(t.app)).sort()).toEqual([...names].sort());
  });
});

describe('a payload its schema refuses', () => {
  test('is refused at the send, naming the fields, and no job is written', async () => {
    const sent = t.app.ctx.jobs.send(JOBS.trialEnd, { userId: 'u1', codeId: 7, endsAt: null } as never);
    await expect(sent).rejects.toBeInstanceOf(JobPayloadError);
    await expect(sent).rejects.toMatchObject({
      queue: 'plans.trial-end',
      fields: ['codeId (invalid_type)', 'endsAt (invalid_type)'],
    });
    const rows = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = 'plans.trial-end'`,
      ),
    );
    expect(rows[0]!.n).toBe(0);
  });

  test('is refused by the handler before the job does anything', async () => {
    const run = jobHandlers(t.app)[QUEUES.sandboxDeliver]!({
      id: 'test',
      name: QUEUES.sandboxDeliver,
      data: { eventId: 'evt_1', type: 'not-an-event' },
    } as Job<never>);
    await expect(run).rejects.toMatchObject({
      queue: 'payments.sandbox-deliver',
      fields: ['intentId (invalid_type)', 'type (invalid_value)'],
    });
  });

  test('stored, fails its job at once without retries, logged with the queue and the fields only', async () => {
    const boss = createBoss(t.database);
    await boss.start();
    const id = await boss.send(
      QUEUES.giftEnd,
      { userId: 'secret-user-value', codeId: 42 },
      { retryLimit: 5, retryBackoff: true },
    );
    await boss.stop({ graceful: false });

    const lines: string[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => lines.push(line) });
    let ran = 0;
    const worker = createJobs(t.database, log);
    const handler = jobHandlers(t.app)[QUEUES.giftEnd]!;
    await worker.work(
      {
        [QUEUES.giftEnd]: async (job: Job<never>) => {
          ran += 1;
          await handler(job);
        },
      },
      { pollingIntervalSeconds: 0.5 },
    );
    try {
      let job: { state: string; retry_count: number } | undefined;
      for (let i = 0; i < 60 && job?.state !== 'failed'; i += 1) {
        await sleep(250);
        [job] = rowsOf<{ state: string; retry_count: number }>(
          await t.database.db.execute(sql`select state, retry_count from pgboss.job where id = ${id}`),
        );
      }
      expect(job).toEqual({ state: 'failed', retry_count: 0 });
      await sleep(1_500);
      expect(ran).toBe(1);
    } finally {
      await worker.stop();
    }
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as { msg: string; queue: string; fields: string[] };
    expect(line.queue).toBe('plans.gift-end');
    expect(line.fields).toEqual(['codeId (invalid_type)', 'endsAt (invalid_type)']);
    expect(line.msg).toContain('plans.gift-end');
    expect(line.msg).toContain('codeId');
    expect(lines[0]).not.toContain('secret-user-value');
  });
});
