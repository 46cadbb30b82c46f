import { describe, inject } from 'vitest';

// `npm test` runs the API suite twice: on PGlite, then on PostgreSQL (scripts/test.ts). Which one this is.

/** True in the PostgreSQL stage (TEST_DATABASE=pg). */
export const onPostgres = inject('testDatabase')?.kind === 'pg';

/**
 * For tests that never touch the suite's database: they start a process of their own on an embedded
 * PGlite folder, whatever the stage. The PostgreSQL stage would repeat them unchanged, so only the PGlite
 * stage runs them (about 45 s of worker time each run: process starts, and a close that hangs 8 s).
 */
export const describeOnEmbeddedOnly = describe.skipIf(onPostgres);
