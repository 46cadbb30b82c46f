import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from './client.ts';

// One transaction that spans our own SQL and better-auth's writes. better-auth reaches the database through
// its Drizzle adapter, which only knows the `db` object it was given; handing it `transactionAware(db)`
// makes every query it runs inside `inTransaction(...)` use that transaction. Sign-up uses this to create
// the account and redeem its activation code atomically. It also keeps PGlite (one connection) from
// deadlocking: a query issued outside a transaction that is still open would wait for it forever.
// Side effects that must not happen for work that is rolled back (mails) wait for `afterCommit`.

interface Scope {
  tx: Tx;
  afterCommit: Array<() => void>;
}

const scope = new AsyncLocalStorage<Scope>();

type TxConfig = Parameters<Db['transaction']>[1];

/** Opens a transaction on `runner` (a savepoint when it is one already) with its own commit callbacks. */
async function open<T>(runner: Db | Tx, fn: (tx: Tx) => Promise<T>, config?: TxConfig): Promise<T> {
  const outer = scope.getStore();
  const callbacks: Array<() => void> = [];
  const result = await runner.transaction(
    (tx) => scope.run({ tx, afterCommit: callbacks }, () => fn(tx)),
    config,
  );
  // A savepoint's callbacks wait for the outer transaction; a rolled-back one's are dropped with it.
  if (outer) outer.afterCommit.push(...callbacks);
  else for (const callback of callbacks) runSafely(callback);
  return result;
}

function runSafely(callback: () => void) {
  try {
    callback();
  } catch {
    // Callbacks report their own failures; one must not stop the others.
  }
}

/** Runs `fn` in a transaction, or in a savepoint of the one already open on this call chain. */
export function inTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return open(scope.getStore()?.tx ?? db, fn);
}

/** Runs `callback` once the transaction open on this call chain commits (at once when there is none). */
export function afterCommit(callback: () => void): void {
  const current = scope.getStore();
  if (current) current.afterCommit.push(callback);
  else runSafely(callback);
}

/** A `Db` that routes each call to the transaction open on the current call chain, if any. */
export function transactionAware(db: Db): Db {
  return new Proxy(db, {
    get(target, property) {
      const active: Db | Tx = scope.getStore()?.tx ?? target;
      if (property === 'transaction') {
        return (fn: (tx: Tx) => Promise<unknown>, config?: TxConfig) => open(active, fn, config);
      }
      const value: unknown = Reflect.get(active, property, active);
      return typeof value === 'function' ? value.bind(active) : value;
    },
  });
}
