import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { JobCounts } from '../../jobs/jobs.ts';

// What an operator watches on every process (issue 30), in Prometheus's text format through prom-client: the
// requests, the database pool, the job queues, the password-hash pool, the limits that refused someone, and
// mail. One registry per app (tests build many apps in one process); the process's own figures (CPU, memory,
// event-loop delay, garbage collection) come with it. Labels are bounded: a route is its pattern
// (`/v1/pet/:id`), never the path a client sent.

/** What a gauge reads at each scrape, from the part that knows it. */
export interface MetricsSources {
  /** PostgreSQL's pool (PGlite has none): connections open, idle, and requests waiting for one. */
  databasePool?: () => { total: number; idle: number; waiting: number };
  /** Jobs by queue and state (pg-boss's counts). */
  jobQueues?: () => Promise<JobCounts[]>;
  /** The password-hash pool: hashing now, waiting. */
  hashPool?: () => { running: number; waiting: number };
}

export type Metrics = ReturnType<typeof createMetrics>;

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  const sources: MetricsSources = {};

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Seconds from a request arriving to its answer sent, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const rateLimited = new Counter({
    name: 'pet_rate_limited_total',
    help: 'Requests refused by a limit (429: per address, per account, per user), by route pattern.',
    labelNames: ['route'] as const,
    registers,
  });
  const hashWait = new Histogram({
    name: 'pet_password_hash_wait_seconds',
    help: 'Seconds a password hash waited for the hash pool, by lane (known: device cookie, reset, change).',
    labelNames: ['lane'] as const,
    buckets: [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5],
    registers,
  });
  const hashRefused = new Counter({
    name: 'pet_password_hash_refused_total',
    help: 'Password checks refused with 503 because the hash pool was full, by lane.',
    labelNames: ['lane'] as const,
    registers,
  });
  const mails = new Counter({
    name: 'pet_mails_total',
    help: 'Mails handed to the mail server (sent) or refused by it (failed).',
    labelNames: ['outcome'] as const,
    registers,
  });
  const jobFailures = new Counter({
    name: 'pet_job_failures_total',
    help: 'Job runs that threw (pg-boss retries them up to their limit), by queue.',
    labelNames: ['queue'] as const,
    registers,
  });

  new Gauge({
    name: 'pet_database_pool_connections',
    help: 'PostgreSQL pool connections by state (open, idle) and requests waiting for one; none on PGlite.',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = sources.databasePool?.();
      if (!pool) return;
      this.set({ state: 'open' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'pet_job_queue_jobs',
    help: 'Jobs in each queue by state: ready to run, deferred (to start later), active, failed (still kept).',
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      const queues = (await sources.jobQueues?.().catch(() => undefined)) ?? [];
      for (const { queue, ...states } of queues) {
        for (const [state, count] of Object.entries(states)) this.set({ queue, state }, count);
      }
    },
  });
  new Gauge({
    name: 'pet_password_hash_pool',
    help: 'Password hashes running and waiting in the hash pool.',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = sources.hashPool?.();
      if (!pool) return;
      this.set({ state: 'running' }, pool.running);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  const answers = new Map<
    string,
    { requests: ReturnType<typeof requests.labels>; duration: ReturnType<typeof duration.labels> }
  >();

  return {
    registry,
    /** Tells the gauges where to read (each part, once it exists). */
    watch(more: MetricsSources): void {
      Object.assign(sources, more);
    },
    answered(method: string, route: string, status: number, seconds: number): void {
      // Every answer passes here: the children of one label set are looked up once, not hashed each time.
      const key = `${method} ${status} ${route}`;
      let child = answers.get(key);
      if (!child) {
        const labels = { method, route, status: String(status) };
        child = { requests: requests.labels(labels), duration: duration.labels(labels) };
        answers.set(key, child);
      }
      child.requests.inc();
      child.duration.observe(seconds);
      if (status === 429) rateLimited.inc({ route });
    },
    hashWaited(known: boolean, seconds: number): void {
      hashWait.observe({ lane: known ? 'known' : 'unknown' }, seconds);
    },
    hashRefused(known: boolean): void {
      hashRefused.inc({ lane: known ? 'known' : 'unknown' });
    },
    mail(outcome: 'sent' | 'failed'): void {
      mails.inc({ outcome });
    },
    jobFailed(queue: string): void {
      jobFailures.inc({ queue });
    },
  };
}
