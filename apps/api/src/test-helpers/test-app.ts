import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrandId } from '@pet/shared';
import type { FastifyInstance } from 'fastify';
import { type SmtpSink, startSmtpSink } from '../../test/support/smtp-sink.ts';
import { createTestDatabase } from '../../test/support/test-database.ts';
import { buildApp } from '../app.ts';
import { type Env, loadEnv } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { seedActivationCodes } from '../modules/plans/codes.seed.ts';

// The whole API on a fresh database, mailing over real SMTP to a sink, for one test file:
//   const t = await createTestApp();  ...  await t.close();

export const TEST_PUBLIC_URL = 'http://localhost:3000';
/** better-auth refuses cookie-carrying POSTs without a trusted Origin; browsers always send one. */
export const ORIGIN = { origin: TEST_PUBLIC_URL };

export interface TestApp {
  app: FastifyInstance;
  env: Env;
  database: Database;
  sink: SmtpSink;
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
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
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
    serveWeb: false,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await app.ready();
  if (options.seedCodes) await seedActivationCodes(database.db, env.BRAND);
  return {
    app,
    env,
    database,
    sink,
    async close() {
      await app.close();
      await database.close();
      await sink.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
