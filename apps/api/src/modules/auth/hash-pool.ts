import { AsyncLocalStorage } from 'node:async_hooks';
import { availableParallelism } from 'node:os';
import { APIError, isAPIError } from 'better-auth/api';

// Every password hash and check (sign-in, sign-up, reset, change) runs through this pool: a bounded number at
// once, a short queue behind them, and past the queue an immediate 503 with Retry-After. Without it a flood of
// sign-ins starts a hash for each (issue 9, found 4): they all compete for the cores and libuv's thread pool,
// every sign-in slows to a crawl, and the hashing goes on long after the flood. One pool per auth instance
// (better-auth.ts), not per module.
//
// Who waits is decided fairly (issue 29, decision 0016), since the pool is what a flood reaches once no global
// limit turns strangers away for everyone:
// - A known attempt (the sign-in of an owner whose browser holds the account's device cookie, a password set
//   with a reset token or a session) goes first, and is never refused for a full queue of unknown ones.
// - Unknown attempts wait in one lane per network (an IPv4 /16, an IPv6 /48) and are served a lane at a time
//   in turn, so a flood from a few networks cannot push a user from another one out: when the queue is full,
//   the newest attempt of the longest lane is refused (which is the new one when its own lane is the longest).
// The caller says which it is with `hashLane.run(lane, ...)` around the call that hashes (AsyncLocalStorage:
// better-auth calls `password.verify` deep inside its handler).

/** The message of the 503: a text key of the shared catalogue. */
export const BUSY_MESSAGE = 'Server_Busy_Text';
/** Seconds a client is asked to wait: a queue this short empties in well under that. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

export type HashLane = { known: true } | { known: false; network: string };
export const KNOWN: HashLane = { known: true };

/** The lane of the work running inside `hashLane.run(lane, ...)`; without one, the shared unknown lane. */
export const hashLane = new AsyncLocalStorage<HashLane>();

/** The network an address's unknown attempts share a lane with: an IPv4 /16, an IPv6 /48. */
export function networkOf(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.\d+\.\d+$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}`;
  const groups = ip.toLowerCase().split('::')[0]?.split(':') ?? [];
  return groups.slice(0, 3).join(':') || ip;
}

export const unknownFrom = (ip: string): HashLane => ({ known: false, network: networkOf(ip) });

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

interface Waiter {
  start: () => void;
  refuse: (error: Error) => void;
}

/**
 * One core is left to everything else (the requests, the event loop): hashing a flood may take the others,
 * never all of them.
 */
export const defaultConcurrency = () => Math.max(1, availableParallelism() - 1);

export function createHashPool(
  options: { concurrency?: number; queue?: number | undefined; knownQueue?: number } = {},
): HashPool {
  const concurrency = Math.max(1, options.concurrency ?? defaultConcurrency());
  const queueLimit = Math.max(0, options.queue ?? 2 * Math.max(2, availableParallelism()));
  // Known attempts are few (one per owner signing in); the bound only keeps memory finite.
  const knownLimit = Math.max(1, options.knownQueue ?? 20 * Math.max(1, queueLimit));
  const known: Waiter[] = [];
  /** Unknown lanes in the order they are served; a lane is removed when it empties. */
  const lanes = new Map<string, Waiter[]>();
  let unknownWaiting = 0;
  let running = 0;

  const nextUnknown = (): Waiter | undefined => {
    const first = lanes.entries().next();
    if (first.done) return undefined;
    const [network, lane] = first.value;
    const waiter = lane.shift();
    lanes.delete(network);
    // The lane goes to the back of the turn, if it still has attempts waiting.
    if (lane.length > 0) lanes.set(network, lane);
    unknownWaiting -= 1;
    return waiter;
  };

  /** A finishing task hands its slot straight to the next waiting one, so `running` never overshoots. */
  const release = () => {
    const waiter = known.shift() ?? nextUnknown();
    if (waiter) waiter.start();
    else running -= 1;
  };

  const longestLane = (): [string, Waiter[]] | undefined => {
    let longest: [string, Waiter[]] | undefined;
    for (const entry of lanes) if (!longest || entry[1].length > longest[1].length) longest = entry;
    return longest;
  };

  const admitUnknown = (network: string, waiter: Waiter): void => {
    const own = lanes.get(network);
    if (unknownWaiting >= queueLimit) {
      const longest = longestLane();
      if (!longest || (own?.length ?? 0) + 1 > longest[1].length) throw busyError();
      // The newest attempt of the longest lane makes room.
      const evicted = longest[1].pop();
      unknownWaiting -= 1;
      if (longest[1].length === 0) lanes.delete(longest[0]);
      evicted?.refuse(busyError());
    }
    const lane = lanes.get(network);
    if (lane) lane.push(waiter);
    else lanes.set(network, [waiter]);
    unknownWaiting += 1;
  };

  return {
    concurrency,
    get running() {
      return running;
    },
    get waiting() {
      return known.length + unknownWaiting;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < concurrency) {
        running += 1;
      } else {
        const lane = hashLane.getStore() ?? { known: false, network: 'unnamed' };
        await new Promise<void>((resolve, reject) => {
          const waiter = { start: resolve, refuse: reject };
          if (!lane.known) admitUnknown(lane.network, waiter);
          else if (known.length < knownLimit) known.push(waiter);
          else throw busyError();
        });
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
