import { join } from 'node:path';

// Where the e2e portals' migrated database is made (scripts/e2e-database.ts), apart from its maker so that
// scripts/test.ts can look for it without loading the API.

/** DATA_DIR-shaped (its PGlite in `pglite/`), git-ignored. */
export const E2E_DATABASE_TEMPLATE = join(import.meta.dirname, '..', '.tmp', 'e2e-database');

/** Written last: a folder without it is not a whole template. */
export const TEMPLATE_READY = 'ready';
