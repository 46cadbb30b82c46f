import { inject } from 'vitest';

// `npm test` runs the API suite twice: on PGlite, then on PostgreSQL (scripts/test.ts). Which one this is.

/** True in the PostgreSQL stage (TEST_DATABASE=pg). */
export const onPostgres = inject('testDatabase')?.kind === 'pg';
