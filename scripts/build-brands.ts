import { BRAND_IDS } from '@pet/shared';
import { ensureWebBuild } from './web-build.ts';

// Builds the web app once per brand into apps/web/dist/<brand>/ (always, even when it looks current);
// stops at the first brand that fails. The builds are stamped, so `npm start` and the e2e portals reuse them.
for (const brand of BRAND_IDS) {
  try {
    await ensureWebBuild(brand, { force: true });
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
