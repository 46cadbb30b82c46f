import type { Job } from 'pg-boss';
import { z } from 'zod';

// A job is defined once, in its module: `defineJob({ name, payload, handler, schedule?, options? })`. The
// payload's zod schema types every send (`jobs.send(job, data)` takes `z.input` of it) and is checked again
// when a worker takes the job: a stored payload that does not parse fails the job at once (no retries), with
// one log line naming the queue and the fields (paths and zod's issue codes, never the values).
// Every definition is listed once in `registry.ts`, which creates the queues, starts the workers and
// registers the schedules.

/** How pg-boss retries a job that threw. Every job sends with these unless its definition says otherwise. */
export interface JobRetryOptions {
  retryLimit: number;
  retryBackoff: boolean;
}

export const DEFAULT_JOB_OPTIONS: JobRetryOptions = { retryLimit: 5, retryBackoff: true };

/** What sending and cancelling need: the queue's name, its payload's schema and its retry options. */
export interface JobRef<S extends z.ZodType = z.ZodType, N extends string = string> {
  readonly name: N;
  readonly payload: S;
  readonly options?: JobRetryOptions;
}

/**
 * What a job's worker is given: the app's parts. Empty here and filled in where those parts are declared
 * (plugins/app-context.ts, the job registry), the way Fastify's own decorators are, so this file, which every
 * module imports, imports none of them back.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging
export interface JobContext {}

/** The worker of one job, given the app's parts: receives the parsed payload. */
export type JobWorker<S extends z.ZodType> = (ctx: JobContext) => (job: Job<z.output<S>>) => Promise<void>;

export interface JobDefinition<S extends z.ZodType = z.ZodType, N extends string = string>
  extends JobRef<S, N> {
  readonly options: JobRetryOptions;
  readonly handler: JobWorker<S>;
  /** A cron expression (UTC): pg-boss sends a job at each occurrence, besides the ones the modules send. */
  readonly schedule?: string;
}

/** The payload of a job that carries nothing (a scheduled job: pg-boss's schedules send null). */
export const NO_PAYLOAD = z.object({}).nullish();

/**
 * A queue's name and payload without its worker, for the few jobs whose senders sit below their handler's
 * module (the handler imports the sender's code, so the sender cannot import the definition back). The
 * definition then spreads it: `defineJob({ ...termEndQueue, handler })`.
 */
export function jobQueue<const N extends string, S extends z.ZodType>(name: N, payload: S): JobRef<S, N> {
  return { name, payload };
}

export function defineJob<const N extends string, S extends z.ZodType>(definition: {
  name: N;
  payload: S;
  handler: JobWorker<S>;
  schedule?: string;
  options?: Partial<JobRetryOptions>;
}): JobDefinition<S, N> {
  return { ...definition, options: { ...DEFAULT_JOB_OPTIONS, ...definition.options } };
}

/** A payload that does not match its job's schema: names the queue and the fields, never their values. */
export class JobPayloadError extends Error {
  readonly queue: string;
  readonly fields: string[];
  constructor(queue: string, fields: string[]) {
    super(`job ${queue}: payload invalid at ${fields.join(', ')}`);
    this.queue = queue;
    this.fields = fields;
    this.name = 'JobPayloadError';
  }
}

/** The fields of a failed parse: each issue's path (or "(payload)" for the whole) and zod's issue code. */
function invalidFields(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.map(String).join('.') || '(payload)'} (${issue.code})`);
}

/** The parsed payload, or a JobPayloadError naming the queue and the fields. */
export function parsePayload<S extends z.ZodType>(job: JobRef<S>, data: unknown): z.output<S> {
  const parsed = job.payload.safeParse(data);
  if (!parsed.success) throw new JobPayloadError(job.name, invalidFields(parsed.error));
  return parsed.data;
}

/** The definition's worker for this app, taking only payloads its schema parses. */
export function boundWorker(ctx: JobContext, definition: JobDefinition) {
  const work = definition.handler(ctx);
  return async (job: Job<unknown>): Promise<void> =>
    work({ ...job, data: parsePayload(definition, job.data) } as Job<z.output<typeof definition.payload>>);
}
