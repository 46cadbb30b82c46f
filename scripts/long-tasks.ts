// `node scripts/long-tasks.ts`: what holds a phone's main thread while a signed-in page opens (issue 46).
// Starts the portal as bench-web does (throwaway database, one owner with a pet and an appointment), opens
// each page in Debian's Chromium at 412 px with the CPU slowed 4x, and prints the long animation frames with
// the scripts that ran in them, the layout shifts and the largest-contentful-paint candidates. With
// LONG_TASKS_PROFILE=1 it also writes a CPU profile per load to .tmp/long-tasks/ and prints where the time went
// by source (build the web app with `npx vite build --sourcemap` in apps/web after `npm run build:brands` or
// a first run, so the maps match the served files).
//   LONG_TASKS_PAGES=dashboard,pet,pet-appointments,subscription  LONG_TASKS_LANG=en|de  LONG_TASKS_RUNS=2
//   BRAND=petention
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPaths, paths, petPathName } from '@pet/shared/paths';
import { chromium } from 'playwright';
import { SourceMapConsumer } from 'source-map-js';
import { ensureWebBuild } from './web-build.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, '.tmp', 'long-tasks');
const BRAND = process.env.BRAND ?? 'petention';
const LANG = process.env.LONG_TASKS_LANG ?? 'en';
const RUNS = Number(process.env.LONG_TASKS_RUNS ?? 2);
const PAGES = (process.env.LONG_TASKS_PAGES ?? 'dashboard,pet,pet-appointments,subscription').split(',');
const PROFILE = process.env.LONG_TASKS_PROFILE === '1';
const PORT = 4395;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SEED_TOKEN = randomBytes(16).toString('hex');

async function startPortal(): Promise<ChildProcess> {
  await ensureWebBuild(BRAND);
  const child = spawn(join(ROOT, 'node_modules', '.bin', 'node'), ['scripts/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      BRAND,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: ORIGIN,
      DATA_DIR: join(OUT, 'data'),
      LOG_LEVEL: 'warn',
      E2E_SEED_TOKEN: SEED_TOKEN,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (const deadline = Date.now() + 240_000; Date.now() < deadline; ) {
    try {
      if ((await fetch(`${ORIGIN}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('the portal did not answer /healthz within 240 s');
}

async function post(path: string, body: unknown, headers: Record<string, string>): Promise<Response> {
  const res = await fetch(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}`);
  return res;
}

/** An owner on the brand's demo plan with one pet and an appointment next week; the page paths. */
async function seed(): Promise<{ cookies: { name: string; value: string; url: string }[]; paths: string[] }> {
  const codes = JSON.parse(
    readFileSync(join(ROOT, 'apps', 'api', 'src', 'db', 'seed', `codes.${BRAND}.json`), 'utf8'),
  ) as { batch: { product: string } };
  const user = await post(
    '/__test/users',
    {
      name: 'Alex Walker',
      email: `long-tasks-${randomBytes(4).toString('hex')}@example.test`,
      password: 'secret123',
      language: LANG,
      plan: codes.batch.product,
    },
    { 'x-e2e-seed-token': SEED_TOKEN },
  );
  const cookies = user.headers.getSetCookie().map((line) => {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: ORIGIN };
  });
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const pet = (await (await post(apiPaths.pet, { name: 'Buddy', pet_type: 'Dog' }, { cookie })).json()) as {
    id: string;
  };
  const next = new Date(Date.now() + 7 * 86_400_000);
  const day = `${String(next.getDate()).padStart(2, '0')}.${String(next.getMonth() + 1).padStart(2, '0')}.${next.getFullYear()}`;
  await post(
    `${apiPaths.appointment}?pet_id=${pet.id}`,
    {
      reason: 'Yearly vaccination',
      appointment_date: day,
      appointment_time: '10:30',
      appointment_type: 'Examination',
      reminder_time_zone: 'Europe/Berlin',
    },
    { cookie },
  );
  const petPage = `/pet-details/${petPathName('Buddy')}/${pet.id}`;
  const byName: Record<string, string> = {
    dashboard: paths.dashboard,
    pet: petPage,
    'pet-appointments': `${petPage}/appointments`,
    subscription: paths.subscription,
  };
  return { cookies, paths: PAGES.map((page) => byName[page] ?? page) };
}

interface Profile {
  nodes: {
    id: number;
    callFrame: { url: string; functionName: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time by original source file (through the served files' source maps), the largest first. */
function timeBySource(profile: Profile): [string, number][] {
  const maps = new Map<string, SourceMapConsumer | null>();
  const mapOf = (url: string) => {
    if (!maps.has(url)) {
      const file = join(ROOT, 'apps', 'web', 'dist', BRAND, new URL(url).pathname.slice(1));
      maps.set(
        url,
        existsSync(`${file}.map`)
          ? new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')))
          : null,
      );
    }
    return maps.get(url) ?? null;
  };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const bySource = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    let source = frame.url ? frame.url.replace(ORIGIN, '') : frame.functionName || '(native)';
    const map = frame.url.startsWith(ORIGIN) ? mapOf(frame.url) : null;
    if (map) {
      const original = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
      source = (original.source ?? source).replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/');
    }
    bySource.set(source, (bySource.get(source) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  });
  return [...bySource].filter(([name]) => name !== '(idle)').sort((a, b) => b[1] - a[1]);
}

type Frame = {
  startTime: number;
  duration: number;
  blockingDuration: number;
  scripts: {
    invokerType: string;
    invoker: string;
    duration: number;
    sourceURL: string;
    sourceFunctionName: string;
  }[];
};

async function main(): Promise<void> {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const portal = await startPortal();
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
  try {
    const { cookies, paths: pagePaths } = await seed();
    for (const path of pagePaths) {
      for (let run = 1; run <= RUNS; run++) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: LANG });
        await context.addCookies(cookies);
        await context.addInitScript(() => {
          const seen = { frames: [] as unknown[], shifts: [] as unknown[], lcp: [] as unknown[] };
          (window as unknown as { __longTasks: typeof seen }).__longTasks = seen;
          const watch = (type: string, into: unknown[], keep: (entry: PerformanceEntry) => unknown) =>
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) into.push(keep(entry));
            }).observe({ type, buffered: true });
          watch('long-animation-frame', seen.frames, (entry) => entry.toJSON());
          watch('layout-shift', seen.shifts, (entry) => {
            const shift = entry as PerformanceEntry & { value: number; sources: { node?: Node }[] };
            return {
              at: Math.round(entry.startTime),
              value: shift.value,
              nodes: shift.sources.map((s) => s.node?.nodeName),
            };
          });
          watch('largest-contentful-paint', seen.lcp, (entry) => ({
            at: Math.round(entry.startTime),
            text: (entry as PerformanceEntry & { element?: Element }).element?.textContent?.slice(0, 40),
          }));
        });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        if (PROFILE) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          await cdp.send('Profiler.start');
        }
        await page.goto(`${ORIGIN}${path}`);
        await page.waitForTimeout(4000);
        const seen = (await page.evaluate(
          () => (window as unknown as { __longTasks: unknown }).__longTasks,
        )) as { frames: Frame[]; shifts: unknown[]; lcp: unknown[] };
        console.log(`\n### ${path} (${LANG}, run ${run}) LCP ${JSON.stringify(seen.lcp)}`);
        for (const frame of seen.frames) {
          console.log(
            `frame at ${Math.round(frame.startTime)} ms: ${Math.round(frame.duration)} ms, blocking ${Math.round(frame.blockingDuration)}`,
          );
          for (const script of frame.scripts)
            console.log(
              `   ${script.invokerType} ${script.invoker.slice(0, 50)} ${Math.round(script.duration)} ms ${script.sourceURL.replace(ORIGIN, '')} ${script.sourceFunctionName}`,
            );
        }
        for (const shift of seen.shifts) console.log(`layout shift ${JSON.stringify(shift)}`);
        if (PROFILE) {
          const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
          writeFileSync(join(OUT, `${path.replace(/\W+/g, '_')}-${run}.cpuprofile`), JSON.stringify(profile));
          for (const [source, ms] of timeBySource(profile).slice(0, 15))
            console.log(`   ${ms.toFixed(1).padStart(7)} ms  ${source}`);
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
    portal.kill('SIGTERM');
  }
}

await main();
