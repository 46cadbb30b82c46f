import { availableParallelism } from 'node:os';
import { APIError, isAPIError } from 'better-auth/api';

// Every password hash and check (sign-in, sign-up, reset, change) runs through this pool: at most as many at
// once as the machine has cores, a short queue behind them, and past the queue an immediate 503 with
// Retry-After. Without it a flood of sign-ins starts a hash for each (issue 9, found 4): they all compete for
// the cores and libuv's thread pool (which picture downloads share), every sign-in slows to a crawl, and the
// hashing goes on long after the flood. One pool per auth instance (better-auth.ts), not per module.

/** The message of the 503: a text key of the shared catalogue. */
export const BUSY_MESSAGE = 'Server_Busy_Text';
/** Seconds a client is asked to wait: a queue this short empties in well under that. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

export interface HashPool {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** How many run at once. */
  readonly concurrency: number;
  /** Running and waiting tasks, for tests and logs. */
  readonly running: number;
  readonly waiting: number;
}

export function busyError(): APIError {
  return new APIError(
    'SERVICE_UNAVAILABLE',
    { code: 'SERVICE_UNAVAILABLE', message: BUSY_MESSAGE },
    { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) },
  );
}

/** The pool's 503, also when it comes back through `auth.api` (sign-up through /v1/auth/signup). */
export function isBusy(error: unknown): boolean {
  return isAPIError(error) && error.statusCode === 503 && error.body?.message === BUSY_MESSAGE;
}

export function createHashPool(options: { concurrency?: number; queue?: number | undefined } = {}): HashPool {
  const concurrency = Math.max(1, options.concurrency ?? availableParallelism());
  const queueLimit = Math.max(0, options.queue ?? 2 * concurrency);
  const queue: Array<() => void> = [];
  let running = 0;

  /** A finishing task hands its slot straight to the next waiting one, so `running` never overshoots. */
  const release = () => {
    const waiter = queue.shift();
    if (waiter) waiter();
    else running -= 1;
  };

  return {
    concurrency,
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < concurrency) running += 1;
      else if (queue.length >= queueLimit) throw busyError();
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
