// The web app's build for one brand (apps/web/dist/<brand>/), reused for as long as what it is built from
// stays the same. "The same" is decided by content, not by modification times: a checkout, a merge or a
// fresh clone touches every file without changing it, and an edited test file is not part of the bundle.
// A stamp per brand (apps/web/dist/.stamps/<brand>, outside the served folder) holds the fingerprint of
// the sources the build was made from; a lock file beside it makes a second process that wants the same
// brand (e-2-e portals, `npm start`, `npm run build:brands`) wait for the first build instead of repeating it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'apps', 'web', 'dist');
const STAMPS = join(DIST, '.stamps');

// Everything a web build reads from this repository; the lock file stands for the installed dependencies.
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'apps/web/postcss.config.cjs',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'tsconfig.base.json',
  'package-lock.json',
  // How the build is made is part of what it is made from (a change here must not reuse an old build).
  'scripts/web-build.ts',
];

/** Tests and their helpers (`*.test.ts(x)`, `test/` folders) are never imported by the app. */
function isTestFile(path: string): boolean {
  return /\.test\.tsx?$/.test(path) || path.split(sep).includes('test');
}

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { recursive: true })
    .map((entry) => join(path, String(entry)))
    .filter((file) => statSync(file).isFile() && !isTestFile(relative(ROOT, file)));
}

/**
 * The fingerprint of one brand's build: every input file's path and content, the brand, and the VITE_*
 * variables Vite would put into the bundle.
 */
export function sourcesFingerprint(brand: string): string {
  const hash = createHash('sha256');
  hash.update(`brand=${brand}\0`);
  for (const [name, value] of Object.entries(process.env).sort(([a], [b]) => a.localeCompare(b))) {
    if (name.startsWith('VITE_')) hash.update(`${name}=${value}\0`);
  }
  const files = INPUTS.flatMap((input) => filesUnder(join(ROOT, input))).sort();
  for (const file of files) {
    hash.update(`${relative(ROOT, file)}\0`);
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const stampFile = (brand: string) => join(STAMPS, brand);
const lockFile = (brand: string) => join(STAMPS, `${brand}.lock`);

/** True when dist/<brand>/ exists and was built from exactly the current sources. */
export function webBuildIsCurrent(brand: string, fingerprint = sourcesFingerprint(brand)): boolean {
  if (!existsSync(join(DIST, brand, 'index.html')) || !existsSync(stampFile(brand))) return false;
  return readFileSync(stampFile(brand), 'utf8').trim() === fingerprint;
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Takes the brand's build lock, waiting while another living process holds it. */
async function lock(brand: string): Promise<() => void> {
  mkdirSync(STAMPS, { recursive: true });
  const file = lockFile(brand);
  for (let waited = 0; ; waited += 1) {
    try {
      closeSync(openSync(file, 'wx'));
      writeFileSync(file, String(process.pid));
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(readFileSync(file, 'utf8').trim());
    // A lock whose process is gone (killed mid-build) is left over, not held.
    if (holder > 0 && !processIsAlive(holder)) {
      rmSync(file, { force: true });
      continue;
    }
    if (waited === 0) console.log(`waiting for another build of the web app for ${brand}...`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Builds dist/<brand>/ with Vite (always); the stamp is written only when the build succeeded. */
function runViteBuild(brand: string, fingerprint: string): void {
  rmSync(stampFile(brand), { force: true });
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '-w', '@pet/web'], {
    cwd: ROOT,
    stdio: 'inherit',
    // Always a production bundle, as users get it: the e2e portals run with NODE_ENV=test, and Vite builds
    // with the caller's NODE_ENV when it is set, which put React's development build (with jsxDEV and its
    // checks; about twice the script time of a page load) into the bundles the e2e journeys tested.
    env: { ...process.env, BRAND: brand, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`web build for ${brand} failed`);
  writeFileSync(stampFile(brand), `${fingerprint}\n`);
  console.log(`built the web app for ${brand} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Makes sure dist/<brand>/ matches the sources: builds it when it does not (or always, with `force`), and
 * never while another process builds the same brand. Answers whether it built.
 */
export async function ensureWebBuild(brand: string, options: { force?: boolean } = {}): Promise<boolean> {
  const release = await lock(brand);
  try {
    // Checked under the lock: a build that finished while this process waited counts.
    const fingerprint = sourcesFingerprint(brand);
    if (!options.force && webBuildIsCurrent(brand, fingerprint)) {
      console.log(`web app for ${brand} is up to date (apps/web/dist/${brand})`);
      return false;
    }
    console.log(`building the web app for ${brand}...`);
    runViteBuild(brand, fingerprint);
    return true;
  } finally {
    release();
  }
}
