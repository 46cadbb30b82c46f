import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Env } from '../config/env.ts';
import { within } from '../lib/within.ts';
import { lockDataFolder } from './lock.ts';
import { createPool } from './pg-pool.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** One type for both drivers: services and repositories never know which database they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  pglite?: PGlite;
  pool?: pg.Pool;
  /** The server's URL (PostgreSQL only), for clients that open their own connections (pg-boss). */
  connectionString?: string;
  /** Reachability check for /healthz: fails when the database does not answer within PING_TIMEOUT_MS. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** /healthz answers within 3 s: a database that has not answered `select 1` by now counts as down. */
export const PING_TIMEOUT_MS = 2_000;

/** `select 1` within PING_TIMEOUT_MS; the query itself may go on (it ends on the pool's own timeouts). */
function pingWithin(query: () => Promise<unknown>): Promise<void> {
  return within(PING_TIMEOUT_MS, query(), 'database ping timed out').then(() => undefined);
}

export function databaseFromPglite(pglite: PGlite): Database {
  return {
    db: drizzlePglite({ client: pglite, schema }) as unknown as Db,
    kind: 'pglite',
    pglite,
    ping: () => pingWithin(() => pglite.query('select 1')),
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}

export function databaseFromPool(pool: pg.Pool, connectionString?: string): Database {
  return {
    db: drizzleNodePg({ client: pool, schema }) as unknown as Db,
    kind: 'pg',
    pool,
    connectionString,
    ping: () => pingWithin(() => pool.query('select 1')),
    async close() {
      await pool.end();
    },
  };
}

/**
 * `role` names the opener in the PGlite lock file ("a running server", "another admin command") so that a
 * refused process can say who holds the folder.
 */
export async function openDatabase(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'> &
    Partial<Pick<Env, 'DATABASE_STATEMENT_TIMEOUT_MS' | 'DATABASE_CONNECT_TIMEOUT_MS'>>,
  role = 'server',
): Promise<Database> {
  if (env.DATABASE_URL && env.DATABASE_URL !== 'memory://') {
    // Without the timeouts (migrations, test templates) statements may run as long as they need.
    const timeouts =
      env.DATABASE_STATEMENT_TIMEOUT_MS && env.DATABASE_CONNECT_TIMEOUT_MS
        ? { statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS, connectMs: env.DATABASE_CONNECT_TIMEOUT_MS }
        : undefined;
    return databaseFromPool(createPool(env.DATABASE_URL, timeouts), env.DATABASE_URL);
  }
  if (env.DATABASE_URL === 'memory://') return databaseFromPglite(await PGlite.create());
  const dir = join(env.DATA_DIR, 'pglite');
  mkdirSync(dir, { recursive: true });
  // One process at a time (db/lock.ts); throws DatabaseLockedError while another one holds the folder.
  const release = lockDataFolder(join(env.DATA_DIR, 'pglite.pid'), dir, role);
  let database: Database;
  try {
    database = databaseFromPglite(await PGlite.create(dir));
  } catch (error) {
    release();
    throw error;
  }
  const close = database.close;
  database.close = async () => {
    try {
      await close();
    } finally {
      release();
    }
  };
  return database;
}
