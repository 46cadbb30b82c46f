import { spawnSync } from 'node:child_process';
import { BRAND_IDS } from '@pet/shared';

// Builds the web app once per brand into apps/web/dist/<brand>/; stops at the first brand that fails.
for (const brand of BRAND_IDS) {
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '-w', '@pet/web'], {
    stdio: 'inherit',
    env: { ...process.env, BRAND: brand },
  });
  if (result.status !== 0) {
    console.error(`build for ${brand} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`built ${brand} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
