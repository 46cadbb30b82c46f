import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrandId } from '@pet/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type BuildAppOptions, buildApp } from '../../src/app.ts';
import { type Env, loadEnv } from '../../src/config/env.ts';
import type { Database } from '../../src/db/client.ts';
import { seedActivationCodes } from '../../src/modules/plans/codes.seed.ts';
import { type CreatedUser, type CreateUserOptions, createUser } from '../../src/testing/user-factory.ts';
import { type SmtpSink, startSmtpSink } from './smtp-sink.ts';
import { createTestDatabase } from './test-database.ts';

// The fixture of an API test file: the whole API on a fresh database (a copy of the migrated template),
// mailing over real SMTP to a sink, with the user factory bound to it. One line at the top of the file:
//   const t = useTestApp();                          // or useTestApp({ brand: 'tier-fritz', clock })
//   test('...', async () => { const user = await t.user({ plan: 'premium' }); await t.app.inject(...) });
// It registers the beforeAll that builds the app and the afterAll that closes it, in the scope it is called
// in: at the top of the file for the file, inside a describe for a block that needs another brand or env.
// A plain handle rather than a Vitest fixture (test.extend) keeps test signatures and helpers `(t, ...)` as
// they are; its fields can be read from beforeAll on, not while the file is being collected.

export const TEST_PUBLIC_URL = 'http://localhost:3000';
/** better-auth refuses cookie-carrying POSTs without a trusted Origin; browsers always send one. */
export const ORIGIN = { origin: TEST_PUBLIC_URL };

export interface TestApp {
  app: FastifyInstance;
  env: Env;
  database: Database;
  sink: SmtpSink;
  /** A verified, signed-in user made without the sign-up flow (src/testing/user-factory.ts). */
  user(options?: CreateUserOptions): Promise<CreatedUser>;
}

interface OwnedTestApp extends TestApp {
  close(): Promise<void>;
}

export interface TestAppOptions {
  brand?: BrandId;
  /** Extra environment (GOOGLE_CLIENT_ID, TRUST_PROXY, ...). */
  env?: Record<string, string>;
  /** Insert the brand's seed codes, as server.ts does on start. */
  seedCodes?: boolean;
  /** The time the app's services read (default: real time). */
  clock?: () => Date;
  /** Where the app logs (with env LOG_LEVEL); support/log-capture.ts keeps the lines for the test. */
  logStream?: BuildAppOptions['logStream'];
  /** Serve a web app too: the one of env WEB_DIST_DIR (default: none, the API only). */
  serveWeb?: boolean;
}

async function createTestApp(options: TestAppOptions = {}): Promise<OwnedTestApp> {
  const sink = await startSmtpSink();
  const dataDir = await mkdtemp(join(tmpdir(), 'pet-api-test-app-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: TEST_PUBLIC_URL,
    DATA_DIR: dataDir,
    SMTP_URL: sink.url,
    BRAND: options.brand ?? 'petention',
    ...options.env,
  });
  const database = await createTestDatabase();
  const app = await buildApp({
    env,
    database,
    serveWeb: options.serveWeb ?? false,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await app.ready();
  if (options.seedCodes) await seedActivationCodes(database.db, env.BRAND);
  return {
    app,
    env,
    database,
    sink,
    user: (userOptions) => createUser(app.ctx, userOptions),
    async close() {
      await app.close();
      await database.close();
      await sink.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The app for the tests of the calling scope (file or describe block): see the top of this file. */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  let current: OwnedTestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(options);
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  const built = (): OwnedTestApp => {
    if (!current) throw new Error('useTestApp: the app exists from beforeAll to afterAll of its scope');
    return current;
  };
  return {
    get app() {
      return built().app;
    },
    get env() {
      return built().env;
    },
    get database() {
      return built().database;
    },
    get sink() {
      return built().sink;
    },
    user: (userOptions) => built().user(userOptions),
  };
}
