// `npm start`: the whole portal on one port. Builds the web app for BRAND first, but only when its output is
// missing or older than its sources, so a restart is instant; then runs the API server in this process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const brand = process.env.BRAND || 'petention';
const builtIndex = join(ROOT, 'apps', 'web', 'dist', brand, 'index.html');
// Everything a web build reads from this repository (dependencies change only with an install).
const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/shared/src',
].map((p) => join(ROOT, p));

/** Newest modification time of a file or folder tree; folders count too, so a deleted file is noticed. */
function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { recursive: true })) {
    newest = Math.max(newest, statSync(join(path, String(entry))).mtimeMs);
  }
  return newest;
}

function webBuildIsStale(): boolean {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return SOURCES.some((source) => newestMtime(source) > built);
}

if (webBuildIsStale()) {
  console.log(`building the web app for ${brand}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', '@pet/web'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, BRAND: brand },
  });
  if (result.status !== 0) {
    console.error(`web build for ${brand} failed`);
    process.exit(result.status ?? 1);
  }
} else {
  console.log(`web app for ${brand} is up to date (apps/web/dist/${brand})`);
}

// In this process: the server owns SIGINT/SIGTERM handling and closes the database cleanly.
await import('../apps/api/src/server.ts');
