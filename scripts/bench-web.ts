// `npm run bench:web`: Lighthouse (from npm, on Debian's Chromium) against the portal as `npm start` serves
// it, per brand and language, on the pages a visitor and a signed-in owner see first. For each brand it
// builds the web app if needed, starts the portal on a throwaway database, seeds an owner with a pet and an
// appointment through the test-only seeding route, and runs Lighthouse once per page with its default
// (mobile, simulated slow 4G and 4x CPU) settings. A static page of a bare Node server, measured in the same
// run, is the baseline: what this machine scores for a page with no work in it.
// Prints a table (scores, LCP, TBT, CLS, bytes transferred and the JavaScript and CSS among them) and writes
// .tmp/bench-web/results.json; the Lighthouse reports are beside it.
//   BENCH_WEB_BRANDS=petention,tier-fritz  BENCH_WEB_LANGS=en,de  BENCH_WEB_PAGES=signin,register,...
//   BENCH_WEB_PRESET=mobile|desktop  BENCH_WEB_PORT=4390
//   BENCH_WEB_VIEW=cold|repeat: a first visit (the default), or the next visit with the service worker in
//   control (scripts/lighthouse-run.ts; issue 48's repeat-view LCP)
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPaths, paths, petPathName } from '@pet/shared/paths';
import { ensureWebBuild } from './web-build.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const OUT = join(ROOT, '.tmp', 'bench-web');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const list = (value: string | undefined, fallback: string[]) =>
  value ? value.split(',').map((s) => s.trim()) : fallback;
const BRANDS = list(process.env.BENCH_WEB_BRANDS, ['petention', 'tier-fritz']);
const LANGS = list(process.env.BENCH_WEB_LANGS, ['en', 'de']);
const PAGE_NAMES = list(process.env.BENCH_WEB_PAGES, [
  'signin',
  'register',
  'dashboard',
  'pet',
  'pet-appointments',
  'subscription',
]);
const PRESET = process.env.BENCH_WEB_PRESET ?? 'mobile';
const VIEW = process.env.BENCH_WEB_VIEW === 'repeat' ? 'repeat' : 'cold';
const PORT = Number(process.env.BENCH_WEB_PORT ?? 4390);
const SEED_TOKEN = randomBytes(16).toString('hex');

interface Row {
  brand: string;
  lang: string;
  page: string;
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferKiB: number;
  scriptKiB: number;
  stylesheetKiB: number;
  requests: number;
  failedAccessibility: string[];
  consoleErrors: string[];
}

interface Cookie {
  name: string;
  value: string;
  httpOnly: boolean;
}

interface Owner {
  cookies: Cookie[];
  pet: { id: string; name: string };
}

async function waitForHealth(origin: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the portal exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${origin}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the portal did not answer /healthz within 240 s');
}

async function startPortal(brand: string, origin: string): Promise<ChildProcess> {
  await ensureWebBuild(brand);
  const dataDir = join(OUT, 'data', brand);
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(NODE, ['scripts/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      BRAND: brand,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      E2E_SEED_TOKEN: SEED_TOKEN,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(origin, child);
  return child;
}

function stopPortal(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The product of the brand's demo codes: a plan with appointments and several pets. */
function demoProduct(brand: string): string {
  const file = join(ROOT, 'apps', 'api', 'src', 'db', 'seed', `codes.${brand}.json`);
  const seed = JSON.parse(readFileSync(file, 'utf8')) as { batch?: { product?: string } };
  if (!seed.batch?.product) throw new Error(`codes.${brand}.json names no product`);
  return seed.batch.product;
}

async function call(
  origin: string,
  path: string,
  init: RequestInit & { cookie?: string },
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('origin', origin);
  headers.set('content-type', 'application/json');
  if (init.cookie) headers.set('cookie', init.cookie);
  const res = await fetch(`${origin}${path}`, { ...init, headers });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${await res.text()}`);
  return res;
}

/** A signed-in owner on the demo plan, speaking `lang`, with one pet and one appointment next week. */
async function seedOwner(brand: string, lang: string, origin: string): Promise<Owner> {
  const id = randomBytes(4).toString('hex');
  const seeded = await call(origin, '/__test/users', {
    method: 'POST',
    headers: { 'x-e2e-seed-token': SEED_TOKEN },
    body: JSON.stringify({
      name: lang === 'de' ? 'Erika Mustermann' : 'Alex Walker',
      email: `bench-${id}@example.test`,
      password: 'secret123',
      language: lang,
      plan: demoProduct(brand),
    }),
  });
  // The session cookie and the signed-in hint, as the browser keeps them (scripts/lighthouse-run.ts puts
  // them into its jar).
  const cookies: Cookie[] = seeded.headers.getSetCookie().map((line) => {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    return {
      name: pair.slice(0, eq),
      value: pair.slice(eq + 1),
      httpOnly: attributes.some((a) => a.toLowerCase() === 'httponly'),
    };
  });
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const name = lang === 'de' ? 'Bello' : 'Buddy';
  const pet = (await (
    await call(origin, apiPaths.pet, {
      method: 'POST',
      cookie,
      body: JSON.stringify({ name, pet_type: 'Dog', breed: 'Labrador' }),
    })
  ).json()) as { id: string };
  const date = new Date(Date.now() + 7 * 86_400_000);
  const day = `${String(date.getDate()).padStart(2, '0')}.${String(date.getMonth() + 1).padStart(2, '0')}.${date.getFullYear()}`;
  await call(origin, `${apiPaths.appointment}?pet_id=${pet.id}`, {
    method: 'POST',
    cookie,
    body: JSON.stringify({
      reason: lang === 'de' ? 'Jährliche Impfung' : 'Yearly vaccination',
      appointment_date: day,
      appointment_time: '10:30',
      appointment_type: 'Examination',
      reminder_time_zone: 'Europe/Berlin',
    }),
  });
  return { cookies, pet: { id: pet.id, name } };
}

function pagePath(page: string, owner: Owner): { path: string; signedIn: boolean } {
  const pet = `/pet-details/${petPathName(owner.pet.name)}/${owner.pet.id}`;
  switch (page) {
    case 'signin':
      return { path: paths.signin, signedIn: false };
    case 'register':
      return { path: paths.register, signedIn: false };
    case 'dashboard':
      return { path: paths.dashboard, signedIn: true };
    case 'pet':
      return { path: pet, signedIn: true };
    case 'pet-appointments':
      return { path: `${pet}/appointments`, signedIn: true };
    case 'subscription':
      return { path: paths.subscription, signedIn: true };
    default:
      throw new Error(`unknown page ${page}`);
  }
}

async function runLighthouse(url: string, lang: string, cookies: Cookie[], report: string): Promise<void> {
  const job = `${report}.job.json`;
  writeFileSync(job, JSON.stringify({ url, lang, preset: PRESET, report, cookies, view: VIEW }));
  // Not spawnSync: the baseline's server lives in this process and must answer meanwhile.
  const child = spawn(NODE, [join(ROOT, 'scripts', 'lighthouse-run.ts'), job], {
    cwd: ROOT,
    env: { ...process.env, CHROME_PATH: CHROME },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const status = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  rmSync(job, { force: true });
  if (status !== 0) throw new Error(`lighthouse exited with ${status} on ${url}`);
}

type Lhr = {
  finalDisplayedUrl: string;
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      score: number | null;
      scoreDisplayMode: string;
      numericValue?: number;
      details?: { items?: Record<string, unknown>[] };
    }
  >;
};

function rowFrom(lhr: Lhr, base: Omit<Row, keyof Measures>): Row {
  const audit = (id: string) => lhr.audits[id];
  const requests = (audit('network-requests')?.details?.items ?? []) as {
    resourceType?: string;
    transferSize?: number;
  }[];
  const kib = (type?: string) =>
    requests
      .filter((r) => type === undefined || r.resourceType === type)
      .reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024;
  const failedAccessibility = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => ref.id);
  const consoleErrors = (
    (audit('errors-in-console')?.details?.items ?? []) as { description?: string }[]
  ).map((item) => String(item.description ?? '').slice(0, 120));
  return {
    ...base,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
    fcpMs: Math.round(audit('first-contentful-paint')?.numericValue ?? 0),
    lcpMs: Math.round(audit('largest-contentful-paint')?.numericValue ?? 0),
    tbtMs: Math.round(audit('total-blocking-time')?.numericValue ?? 0),
    cls: Number((audit('cumulative-layout-shift')?.numericValue ?? 0).toFixed(3)),
    transferKiB: Math.round(kib()),
    scriptKiB: Math.round(kib('Script')),
    stylesheetKiB: Math.round(kib('Stylesheet')),
    requests: requests.length,
    failedAccessibility,
    consoleErrors,
  };
}

type Measures = Pick<
  Row,
  | 'performance'
  | 'accessibility'
  | 'bestPractices'
  | 'fcpMs'
  | 'lcpMs'
  | 'tbtMs'
  | 'cls'
  | 'transferKiB'
  | 'scriptKiB'
  | 'stylesheetKiB'
  | 'requests'
  | 'failedAccessibility'
  | 'consoleErrors'
>;

async function measure(base: Omit<Row, keyof Measures>, url: string, cookies: Cookie[]): Promise<Row> {
  const report = join(OUT, `${base.brand}-${base.lang}-${base.page}.json`);
  // Lighthouse now and then loses its trace on a loaded machine (NO_NAVSTART): such a run is tried again.
  for (let attempt = 1; ; attempt++) {
    try {
      await runLighthouse(url, base.lang, cookies, report);
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`  ${base.brand} ${base.lang} ${base.page}: ${(error as Error).message}; trying again`);
    }
  }
  const lhr = JSON.parse(readFileSync(report, 'utf8')) as Lhr;
  // A signed-in page that sent the visitor to /signin would measure the sign-in page under another name.
  const ended = new URL(lhr.finalDisplayedUrl).pathname;
  if (ended !== new URL(url).pathname)
    throw new Error(`${base.brand} ${base.lang} ${base.page}: ${url} ended on ${ended}`);
  const row = rowFrom(lhr, base);
  console.log(
    `  ${base.brand} ${base.lang} ${base.page}: performance ${row.performance}, accessibility ${row.accessibility}`,
  );
  return row;
}

/** A page with nothing to do (one small HTML document), served by a bare Node server: the machine's ceiling. */
async function baseline(): Promise<Row> {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Baseline</title></head><body><main><h1>Baseline</h1><p>A static page.</p></main></body></html>';
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(PORT + 1, '127.0.0.1', resolve));
  try {
    return await measure(
      { brand: 'baseline', lang: 'en', page: 'static', path: '/' },
      `http://127.0.0.1:${PORT + 1}/`,
      [],
    );
  } finally {
    server.close();
  }
}

function printTable(rows: Row[]): void {
  const header = [
    'brand',
    'lang',
    'page',
    'perf',
    'a11y',
    'bp',
    'FCP ms',
    'LCP ms',
    'TBT ms',
    'CLS',
    'KiB',
    'JS KiB',
    'CSS KiB',
    'req',
  ];
  const lines = rows.map((r) => [
    r.brand,
    r.lang,
    r.page,
    String(r.performance),
    String(r.accessibility),
    String(r.bestPractices),
    String(r.fcpMs),
    String(r.lcpMs),
    String(r.tbtMs),
    r.cls.toFixed(3),
    String(r.transferKiB),
    String(r.scriptKiB),
    String(r.stylesheetKiB),
    String(r.requests),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]?.length ?? 0)));
  const format = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(format(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const line of lines) console.log(format(line));
  const problems = rows.filter((r) => r.failedAccessibility.length > 0 || r.consoleErrors.length > 0);
  for (const r of problems) {
    if (r.failedAccessibility.length > 0)
      console.log(
        `${r.brand} ${r.lang} ${r.page}: accessibility audits failed: ${r.failedAccessibility.join(', ')}`,
      );
    if (r.consoleErrors.length > 0)
      console.log(`${r.brand} ${r.lang} ${r.page}: console errors: ${r.consoleErrors.join(' | ')}`);
  }
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const origin = `http://127.0.0.1:${PORT}`;
  const rows: Row[] = [await baseline()];
  for (const brand of BRANDS) {
    console.log(`${brand}: building and starting the portal`);
    const child = await startPortal(brand, origin);
    try {
      for (const lang of LANGS) {
        const owner = await seedOwner(brand, lang, origin);
        for (const page of PAGE_NAMES) {
          const { path, signedIn } = pagePath(page, owner);
          const cookies = signedIn ? owner.cookies : [];
          rows.push(await measure({ brand, lang, page, path }, `${origin}${path}`, cookies));
        }
      }
    } finally {
      await stopPortal(child);
    }
  }
  writeFileSync(
    join(OUT, 'results.json'),
    `${JSON.stringify({ preset: PRESET, view: VIEW, rows }, null, 2)}\n`,
  );
  console.log(`${PRESET}, ${VIEW} view`);
  printTable(rows);
}

await main();
