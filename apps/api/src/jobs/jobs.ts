import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromDrizzle, type Job, type JobResult, type PgBoss } from 'pg-boss';
import type { z } from 'zod';
import type { Database, Tx } from '../db/client.ts';
import { describeError } from '../lib/log-error.ts';
import { createBoss } from './boss.ts';
import { DEFAULT_JOB_OPTIONS, JobPayloadError, type JobRef, parsePayload } from './define-job.ts';

export interface SendOptions {
  startAfter?: Date;
  singletonKey?: string;
  /** The caller's transaction: the job commits or rolls back with the row that needs it. */
  tx?: Tx;
}

export type JobHandler<T = unknown> = (job: Job<T>) => Promise<void>;
/** Workers by queue name (the registry's `jobHandlers(app)`, or a test's own). */
export type JobHandlers = Partial<Record<string, JobHandler<never>>>;

export interface Jobs {
  /**
   * Starts the instance (no workers). Call at boot, before any request: pg-boss looks up a queue outside
   * the caller's transaction the first time, which on PGlite's single connection would wait for that very
   * transaction.
   */
  start(): Promise<void>;
  /**
   * Sends a job of `job` (a `defineJob` definition, or its `jobQueue`): the payload is typed by its schema,
   * and one that does not parse is refused here (JobPayloadError) before anything is written.
   */
  send<S extends z.ZodType>(job: JobRef<S>, data: z.input<S>, options?: SendOptions): Promise<string | null>;
  cancel(job: JobRef, id: string, tx?: Tx): Promise<void>;
  /**
   * Starts workers for the given queues (the server does; tests do when they need them). A job whose handler
   * throws JobPayloadError (its stored payload does not parse) is failed at once without retries, logged
   * with its queue and fields; any other error fails it for pg-boss to retry.
   */
  work(handlers: JobHandlers, options?: { pollingIntervalSeconds?: number }): Promise<void>;
  /**
   * Sends a job to `queue` at every occurrence of `cron` (UTC), once however many processes run: the
   * schedule is a row in pg-boss's table (written again on every start, so a changed expression wins), and
   * pg-boss's clock claims each pass in the database. Starts this process's clock, which only the server
   * runs (it polls), so test apps that never schedule never poll for schedules.
   */
  schedule(job: JobRef, cron: string): Promise<void>;
  /** Jobs per queue by state, as pg-boss counts them (the metrics). */
  counts(): Promise<JobCounts[]>;
  /** Resolves while the queue is started and its tables answer (/readyz). */
  check(): Promise<void>;
  stop(): Promise<void>;
}

/** A queue's jobs: ready to run now, deferred (to start later), running, and failed ones still kept. */
export interface JobCounts {
  queue: string;
  ready: number;
  deferred: number;
  active: number;
  failed: number;
}

export interface JobsObserver {
  /** A job's handler threw (pg-boss retries it up to its limit). */
  failed(queue: string): void;
}

const inTx = (tx: Tx) => fromDrizzle(tx as never, sql as never);

export function createJobs(database: Database, log: FastifyBaseLogger, observe?: JobsObserver): Jobs {
  const startBoss = async (options: { cron?: boolean } = {}) => {
    const boss = createBoss(database, options);
    // pg-boss passes on what its queries threw, not always an Error: the line names the cause either way.
    boss.on('error', (err) => log.error({ err }, `job queue error: ${describeError(err)}`));
    await boss.start();
    return boss;
  };
  let started: Promise<PgBoss> | undefined;
  const running = () => {
    started ??= startBoss();
    return started;
  };
  /** A second instance for the clock: pg-boss fixes at construction whether an instance runs one. */
  let clock: Promise<PgBoss> | undefined;

  return {
    async start() {
      await running();
    },
    async send(job, data, options = {}) {
      const { tx, ...jobOptions } = options;
      const payload = parsePayload(job, data) as object;
      const boss = await running();
      return boss.send(job.name, payload, {
        ...jobOptions,
        ...(job.options ?? DEFAULT_JOB_OPTIONS),
        ...(tx ? { db: inTx(tx) } : {}),
      });
    },
    async cancel(job, id, tx) {
      const boss = await running();
      await boss.cancel(job.name, id, tx ? { db: inTx(tx) } : undefined);
    },
    async work(handlers, options = {}) {
      const boss = await running();
      for (const [queue, handler] of Object.entries(handlers)) {
        if (!handler) continue;
        await boss.work(
          queue,
          { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, perJobResults: true },
          async (batch) => {
            const results: JobResult[] = [];
            for (const job of batch) {
              try {
                await (handler as JobHandler)(job);
                results.push({ id: job.id, status: 'completed' });
              } catch (error) {
                observe?.failed(queue);
                if (!(error instanceof JobPayloadError)) throw error;
                // Retrying cannot make a stored payload parse: failed now, its retries skipped.
                log.error(
                  { queue, jobId: job.id, fields: error.fields },
                  `job ${queue} failed without retries: its payload does not parse (${error.fields.join(', ')})`,
                );
                results.push({ id: job.id, status: 'deadletter', output: { fields: error.fields } });
              }
            }
            return results;
          },
        );
      }
    },
    async schedule(job, cron) {
      const boss = await running();
      await boss.schedule(job.name, cron, null, { tz: 'UTC', ...(job.options ?? DEFAULT_JOB_OPTIONS) });
      clock ??= startBoss({ cron: true });
      await clock;
    },
    async counts() {
      const boss = await running();
      return (await boss.getQueues()).map((q) => ({
        queue: q.name,
        ready: q.readyCount,
        deferred: q.deferredCount,
        active: q.activeCount,
        failed: q.failedCount,
      }));
    },
    async check() {
      if (!started) throw new Error('the job queue is stopped');
      const boss = await started;
      await boss.getQueues();
    },
    async stop() {
      const current = [clock, started];
      clock = undefined;
      started = undefined;
      for (const boss of current) if (boss) await (await boss).stop({ graceful: true, timeout: 5_000 });
    },
  };
}
