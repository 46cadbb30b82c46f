import { AsyncLocalStorage } from 'node:async_hooks';
import { availableParallelism } from 'node:os';
import { APIError, isAPIError } from 'better-auth/api';
import { BUSY_MESSAGE, busy } from '../../../lib/errors.ts';
import { networkActivity, networkOf } from './client-networks.ts';
import { tokenBucket } from './token-bucket.ts';

// Every password hash and check (sign-in, sign-up, reset, change) runs through this pool: a bounded number at
// once, a short queue behind them, and past the queue an immediate 503 with Retry-After. Without it a flood of
// sign-ins starts a hash for each (issue 9, found 4): they all compete for the cores and libuv's thread pool,
// every sign-in slows to a crawl, and the hashing goes on long after the flood. One pool per auth instance
// (better-auth.ts), not per module.
//
// Who waits is decided fairly (issue 29, decision 0016), since the pool is what a flood reaches once no global
// limit turns strangers away for everyone:
// - A known attempt (the sign-in of an owner whose browser holds the account's device cookie, a password set
//   with a reset token or a session) goes first, and is never refused for a queue full of unknown ones.
// - Unknown attempts start at most `unknownPerSecond` a second (a token bucket): whatever a flood sends, the
//   hashing it causes takes a bounded share of the cores, and the requests keep the rest.
// - Each unknown attempt counts for its network (an IPv4 /16, an IPv6 /48), decaying with a half-life of ten
//   seconds. The least busy network's attempt starts first, and when the queue is full the busiest network's
//   waiting attempt makes room for a quieter one (or the newcomer is refused, if its network is the busiest):
//   a user from another network waits for a token, not behind a flood.
// The caller says which it is with `hashLane.run(lane, ...)` around the call that hashes (AsyncLocalStorage:
// better-auth calls `password.verify` deep inside its handler).

/** A place in the pool taken for a request before its other work (`HashPool.enter`). */
export interface Place {
  /** The lane to run the request in: its first hash uses the place. */
  readonly lane: HashLane;
  /** Gives the place up if the request never hashed (a 429, a refusal); nothing after it did. */
  leave(): void;
}

/** The place a request took at the door, and whether its first hash has used it. */
interface DoorPlace {
  entry: Entry;
  used: boolean;
}

export type HashLane = { known: true } | { known: false; network: string; door?: DoorPlace };
export const KNOWN: HashLane = { known: true };

/** The lane of the work running inside `hashLane.run(lane, ...)`; without one, unknown from no network. */
export const hashLane = new AsyncLocalStorage<HashLane>();

export const unknownFrom = (ip: string): HashLane => ({ known: false, network: networkOf(ip) });

export interface HashPool {
  run<T>(task: () => Promise<T>): Promise<T>;
  /**
   * Takes the request's place in line at once, before its other work: throws the 503 when the pool would
   * refuse it, else the request's first `run` (inside `hashLane.run(place.lane, ...)`) uses the place. The
   * sign-in enters first, so a flood's refused attempts cost no database statement (better-auth's limit,
   * the user lookup) and an attempt let in is not refused after that work for a queue that filled meanwhile
   * (a quieter network's attempt may still take its place while it waits).
   */
  enter(lane: HashLane): Place;
  /** How many run at once. */
  readonly concurrency: number;
  /** Running and waiting tasks, for tests and logs. */
  readonly running: number;
  readonly waiting: number;
}

/**
 * The pool's refusal (lib/errors.ts's `busy`) as better-auth's APIError: thrown inside better-auth (its
 * password hasher), it must be better-auth's own to come out as this answer; the error handler answers it
 * as the AppError it stands for.
 */
export function busyError(): APIError {
  const refusal = busy();
  return new APIError(
    'SERVICE_UNAVAILABLE',
    { code: refusal.code, message: refusal.message },
    refusal.headers,
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

interface UnknownWaiter extends Waiter {
  network: string;
}

/** An attempt's place: started once it may hash; left when its hash is done or it gives the place up. */
interface Entry {
  started: Promise<void>;
  leave(): void;
}

/**
 * One core is left to everything else (the requests, the event loop): hashing may take the others, never
 * all of them.
 */
export const defaultConcurrency = () => Math.max(1, availableParallelism() - 1);

/** At about 40 ms a hash (password.ts), five a second per hashing core are a fifth of it (decision 0016). */
export const defaultUnknownPerSecond = () => 5 * defaultConcurrency();

export interface HashPoolOptions {
  concurrency?: number;
  /** Unknown attempts that may wait; past it, the busiest network's newest is refused. */
  queue?: number | undefined;
  knownQueue?: number;
  /** Unknown attempts started a second at most (a burst of as many). */
  unknownPerSecond?: number;
  /** Milliseconds, for the budget and the activity (tests move it). */
  now?: () => number;
  /** Told how long each hash waited and of each refusal (the metrics). */
  observe?: HashPoolObserver;
}

export interface HashPoolObserver {
  waited(known: boolean, seconds: number): void;
  refused(known: boolean): void;
}

export function createHashPool(options: HashPoolOptions = {}): HashPool {
  const concurrency = Math.max(1, options.concurrency ?? defaultConcurrency());
  const queueLimit = Math.max(0, options.queue ?? 2 * Math.max(2, availableParallelism()));
  // Known attempts are few (one per owner signing in); the bound only keeps memory finite.
  const knownLimit = Math.max(1, options.knownQueue ?? 20 * Math.max(1, queueLimit));
  const rate = Math.max(0.1, options.unknownPerSecond ?? defaultUnknownPerSecond());
  const now = options.now ?? (() => performance.now());
  const observe = options.observe;
  const activity = networkActivity(now);
  const known: Waiter[] = [];
  const unknown: UnknownWaiter[] = [];
  let running = 0;
  const budget = tokenBucket(rate, now);
  let timer: NodeJS.Timeout | undefined;

  /** The waiting attempt of the quietest (or busiest) network; the first one in line among equals. */
  const pick = (quietest: boolean, at: number): number => {
    let chosen = -1;
    let chosenScore = 0;
    unknown.forEach((waiter, index) => {
      const score = activity.of(waiter.network, at);
      if (chosen < 0 || (quietest ? score < chosenScore : score >= chosenScore)) {
        chosen = index;
        chosenScore = score;
      }
    });
    return chosen;
  };

  /** Starts what may start: known attempts first, then unknown ones while the budget allows. */
  const dispatch = () => {
    while (running < concurrency) {
      const next = known.shift();
      if (next) {
        running += 1;
        next.start();
        continue;
      }
      if (unknown.length === 0) return;
      if (!budget.take()) {
        timer ??= setTimeout(() => {
          timer = undefined;
          dispatch();
        }, budget.msToNextToken());
        timer.unref?.();
        return;
      }
      const [waiter] = unknown.splice(pick(true, now()), 1);
      running += 1;
      waiter?.start();
    }
  };

  /**
   * Whether a full queue refuses the newcomer: when no waiting attempt's network is busier than the newcomer's,
   * its arrival counted. Among equals the first come keeps its place: in a flood's first seconds a botnet's
   * many networks have each sent one attempt, as a new device's has, and nothing tells them apart. Ranking the
   * newcomer before its arrival counts (issue 44) let every next network of the botnet take the new device's
   * place in turn: 7 of 10 new devices in the flood bench, against 7 to 10 (8.8 on average) with this rule
   * (decision 0016, "A flood's first seconds").
   */
  const crowdedOutBy = (network: string): boolean => {
    if (unknown.length < queueLimit) return false;
    const at = now();
    const busiest = unknown[pick(false, at)];
    return !busiest || activity.of(busiest.network, at) <= activity.of(network, at);
  };

  const admitUnknown = (waiter: UnknownWaiter): void => {
    if (unknown.length >= queueLimit) {
      if (crowdedOutBy(waiter.network)) throw busyError();
      const [evicted] = unknown.splice(pick(false, now()), 1);
      evicted?.refuse(busyError());
    }
    unknown.push(waiter);
  };

  /** Takes a place in line (throws the 503 when refused at once); it starts when it may hash. */
  const line = (lane: HashLane): Entry => {
    if (!lane.known) activity.count(lane.network);
    let state: 'waiting' | 'running' | 'left' = 'waiting';
    let waiter: Waiter | UnknownWaiter | undefined;
    const since = now();
    const started = new Promise<void>((resolve, reject) => {
      const start = () => {
        state = 'running';
        observe?.waited(lane.known, (now() - since) / 1000);
        resolve();
      };
      const refuse = (error: Error) => {
        state = 'left';
        observe?.refused(lane.known);
        reject(error);
      };
      waiter = lane.known ? { start, refuse } : { start, refuse, network: lane.network };
    });
    // A place refused while its request still works elsewhere is awaited later, or never.
    started.catch(() => {});
    const placed = waiter as Waiter | UnknownWaiter;
    try {
      if (lane.known) {
        if (known.length >= knownLimit) throw busyError();
        known.push(placed);
      } else if (unknown.length === 0 && known.length === 0 && running < concurrency && budget.take()) {
        // Nobody waits and the budget allows: at once, whatever the queue's length.
        running += 1;
        placed.start();
      } else {
        admitUnknown(placed as UnknownWaiter);
      }
    } catch (error) {
      if (isBusy(error)) observe?.refused(lane.known);
      throw error;
    }
    dispatch();
    return {
      started,
      leave() {
        if (state === 'running') {
          running -= 1;
          dispatch();
        } else if (state === 'waiting') {
          const queue: Waiter[] = lane.known ? known : unknown;
          const at = queue.indexOf(placed);
          if (at >= 0) queue.splice(at, 1);
        }
        state = 'left';
      },
    };
  };

  return {
    concurrency,
    get running() {
      return running;
    },
    get waiting() {
      return known.length + unknown.length;
    },
    enter(lane) {
      if (lane.known) return { lane, leave: () => {} };
      const door: DoorPlace = { entry: line(lane), used: false };
      return { lane: { ...lane, door }, leave: () => door.entry.leave() };
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      const lane = hashLane.getStore() ?? { known: false, network: 'unnamed' };
      let entry: Entry;
      if (!lane.known && lane.door && !lane.door.used) {
        lane.door.used = true;
        entry = lane.door.entry;
      } else {
        entry = line(lane);
      }
      try {
        await entry.started;
        return await task();
      } finally {
        entry.leave();
      }
    },
  };
}
