import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromDrizzle, type Job, type PgBoss } from 'pg-boss';
import type { Database, Tx } from '../db/client.ts';
import { createBoss } from './boss.ts';
import type { QueueName } from './queues.ts';

export interface SendOptions {
  startAfter?: Date;
  singletonKey?: string;
  /** The caller's transaction: the job commits or rolls back with the row that needs it. */
  tx?: Tx;
}

export type JobHandler<T = unknown> = (job: Job<T>) => Promise<void>;
export type JobHandlers = Partial<Record<QueueName, JobHandler<never>>>;

export interface Jobs {
  /**
   * Starts the instance (no workers). Call at boot, before any request: pg-boss looks up a queue outside
   * the caller's transaction the first time, which on PGlite's single connection would wait for that very
   * transaction.
   */
  start(): Promise<void>;
  send(queue: QueueName, data: object, options?: SendOptions): Promise<string | null>;
  cancel(queue: QueueName, id: string, tx?: Tx): Promise<void>;
  /** Starts workers for the given queues (the server does; tests do when they need them). */
  work(handlers: JobHandlers, options?: { pollingIntervalSeconds?: number }): Promise<void>;
  /**
   * Sends a job to `queue` at every occurrence of `cron` (UTC), once however many processes run: the
   * schedule is a row in pg-boss's table (written again on every start, so a changed expression wins), and
   * pg-boss's clock claims each pass in the database. Starts this process's clock, which only the server
   * runs (it polls), so test apps that never schedule never poll for schedules.
   */
  schedule(queue: QueueName, cron: string): Promise<void>;
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
    boss.on('error', (err) => log.error({ err }, 'job queue error'));
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
    async send(queue, data, options = {}) {
      const { tx, ...jobOptions } = options;
      const boss = await running();
      return boss.send(queue, data, {
        ...jobOptions,
        retryLimit: 5,
        retryBackoff: true,
        ...(tx ? { db: inTx(tx) } : {}),
      });
    },
    async cancel(queue, id, tx) {
      const boss = await running();
      await boss.cancel(queue, id, tx ? { db: inTx(tx) } : undefined);
    },
    async work(handlers, options = {}) {
      const boss = await running();
      for (const [queue, handler] of Object.entries(handlers)) {
        if (!handler) continue;
        await boss.work(
          queue,
          { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
          async (batch) => {
            for (const job of batch) {
              try {
                await (handler as JobHandler)(job);
              } catch (error) {
                observe?.failed(queue);
                throw error;
              }
            }
          },
        );
      }
    },
    async schedule(queue, cron) {
      const boss = await running();
      await boss.schedule(queue, cron, null, { tz: 'UTC', retryLimit: 5, retryBackoff: true });
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
