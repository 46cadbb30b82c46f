import { BRAND_IDS } from '@pet/shared';
import { E2E_BRANDS } from '../e2e/fixtures/servers.ts';
import { makeE2eDatabaseTemplate } from './e2e-database.ts';
import { ensureWebBuild } from './web-build.ts';

// Builds the web app once per brand into apps/web/dist/<brand>/; stops at the first brand that fails. The
// builds are stamped, so `npm start` and the e2e portals reuse them.
//   node scripts/build-brands.ts         every brand, always (even when it looks current)
//   node scripts/build-brands.ts --e2e   the brands the e2e portals serve, those whose sources changed, and
//                                        the portals' migrated database (scripts/e2e-database.ts): what
//                                        `npm test` runs in the background while the earlier stages run
const e2e = process.argv.includes('--e2e');
if (e2e) {
  try {
    await makeE2eDatabaseTemplate();
    console.log('made the e2e portals’ migrated database');
  } catch (error) {
    // Not needed: without it each portal migrates its own database, as a run of the e2e stage alone does.
    console.error(`the e2e portals’ migrated database was not made: ${(error as Error).message}`);
  }
}
for (const brand of e2e ? E2E_BRANDS : BRAND_IDS) {
  try {
    await ensureWebBuild(brand, { force: !e2e });
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
