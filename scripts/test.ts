// `npm test`: every test suite in order, stopping at the first that fails.
//   unit  vitest project `unit` (shared, web components, API units)
//   api   vitest project `api` on PGlite
//   pg    vitest project `api` on a throwaway PostgreSQL cluster (scripts/pg-cluster.ts)
//   processes  three server processes on one PostgreSQL, S3 and SMTP behind a health-checking proxy
//         (apps/api/test/many-processes.test.ts, on a cluster of its own)
//   e2e   Playwright against the built portals (`npm run test:e2e`); their web builds, when the sources changed,
//         are made in the background at a low priority from the PostgreSQL stage on (startWebBuilds)
// TEST_STAGES=unit,api picks stages. The last line is `N passed, N failed`, summed over the stages that ran.
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, closeSync, existsSync, openSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_DATABASE_TEMPLATE, TEMPLATE_READY } from './e2e-database-paths.ts';
import { PgBinariesMissingError, startPgCluster } from './pg-cluster.ts';
import { type Counts, playwrightCounts, vitestCounts } from './test-reports.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// Git- and Biome-ignored; the JSON reports of the last run stay here for a closer look.
const REPORTS = join(ROOT, 'test-results');
const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const STAGES = ['unit', 'api', 'pg', 'processes', 'e2e'] as const;
/**
 * The whole run's budget on a fresh clone of the project's machine kind (two cores; issue 43, reached 797 s):
 * docs/architecture.md, "Time budget". Printed, not enforced: a busier machine takes longer.
 */
const BUDGET_SECONDS = 800;
type Stage = (typeof STAGES)[number];
type Result = Counts & { stage: Stage; ok: boolean; seconds: number; cpuSeconds?: number; note?: string };

let current: ChildProcess | undefined;
let webBuilds: ReturnType<typeof startWebBuilds> | undefined;
/** Stops the background builds (an earlier stage failed, or the run was interrupted). */
let stopWebBuilds = () => {};
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // Let the running suite shut down (and the PostgreSQL cluster be removed) instead of dying mid-stage.
  process.on(signal, () => {
    interrupted = true;
    current?.kill(signal);
    stopWebBuilds();
  });
}

function selectedStages(): Stage[] {
  const raw = process.env.TEST_STAGES?.trim();
  if (!raw) return [...STAGES];
  const wanted = raw.split(',').map((s) => s.trim());
  const unknown = wanted.filter((s) => !(STAGES as readonly string[]).includes(s));
  if (unknown.length) {
    console.error(`TEST_STAGES: unknown stage ${unknown.join(', ')}; allowed: ${STAGES.join(', ')}`);
    process.exit(2);
  }
  return STAGES.filter((s) => wanted.includes(s));
}

function runChild(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  console.log(`\n> ${[command, ...args].join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' });
    current = child;
    child.on('error', (error) => {
      console.error(error.message);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      current = undefined;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function envWith(overrides: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env = { ...process.env, ...overrides };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  return env;
}

/** The file of the `processes` stage (it runs only with TEST_MANY_PROCESSES=1, so the `pg` stage skips it). */
const MANY_PROCESSES = 'apps/api/test/many-processes.test.ts';

async function vitest(project: string, reportName: string, env: NodeJS.ProcessEnv, args: string[] = []) {
  const report = join(REPORTS, `${reportName}.json`);
  await rm(report, { force: true });
  const code = await runChild(
    process.execPath,
    [
      VITEST,
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...args,
    ],
    env,
  );
  return { code, counts: await vitestCounts(report) };
}

/**
 * The stages the web builds may run beside: those that leave part of the cores idle (measured on a fresh clone:
 * PostgreSQL 1.7 cores, processes 1.4). Beside the unit and PGlite stages, which keep both cores busy, the
 * builds cost those stages 53 s and 59 s for the 60 s they saved the e2e stage.
 */
const BUILDS_BESIDE: readonly Stage[] = ['pg', 'processes', 'e2e'];

/**
 * The e2e portals' web builds, started before the first of BUILDS_BESIDE (scripts/build-brands.ts --e2e): a
 * fresh clone spent its first minute of the e2e stage building four brands one after the other, on cores the
 * earlier stages leave idle part of the time (waiting for timers, processes and the database). At the lowest
 * priority, so those stages keep their pace; a portal that starts while its brand is still being built waits
 * for that build (web-build.ts's lock). The output goes to a file, printed when the e2e stage begins.
 */
function startWebBuilds(): Promise<{ code: number; log: string }> {
  const log = join(REPORTS, 'web-builds.log');
  // A file descriptor, open now: spawn takes a stream only once it has one.
  const out = openSync(log, 'w');
  // A process group of its own, so that stopping it stops the Vite build it runs too.
  const child = spawn(process.execPath, ['scripts/build-brands.ts', '--e2e'], {
    cwd: ROOT,
    env: process.env,
    stdio: ['ignore', out, out],
    detached: true,
  });
  if (child.pid) {
    setPriority(child.pid, 19);
    stopWebBuilds = () => {
      if (child.exitCode === null) process.kill(-(child.pid as number), 'SIGTERM');
    };
  }
  // The child has its own copy of the descriptor.
  closeSync(out);
  return new Promise((resolve) => {
    child.on('error', (error) => {
      appendFileSync(log, `${error.message}\n`);
      resolve({ code: 1, log });
    });
    child.on('exit', (code) => resolve({ code: code ?? 1, log }));
  });
}

async function playwright() {
  if (webBuilds) {
    const started = performance.now();
    const { code, log } = await webBuilds;
    const waited = (performance.now() - started) / 1000;
    console.log(`\nweb builds (started in the background; waited ${waited.toFixed(1)} s for them):`);
    console.log((await readFile(log, 'utf8')).trimEnd());
    // A failed build fails here, once, rather than at the first portal that would build it again.
    if (code !== 0) return { code };
  }
  const report = join(REPORTS, 'e2e.json');
  await rm(report, { force: true });
  // Made beside the web builds in this run: the portals start on copies of a migrated database.
  const template =
    webBuilds && existsSync(join(E2E_DATABASE_TEMPLATE, TEMPLATE_READY)) ? E2E_DATABASE_TEMPLATE : undefined;
  const code = await runChild(
    'npm',
    ['run', 'test:e2e'],
    envWith({ PLAYWRIGHT_JSON_OUTPUT_FILE: report, E2E_DATABASE_TEMPLATE: template }),
  );
  return { code, counts: await playwrightCounts(report) };
}

/** Runs `suite` on a throwaway PostgreSQL cluster, removed afterwards. */
async function onPgCluster(
  suite: (url: string) => Promise<{ code: number; counts?: Counts }>,
): Promise<{ code: number; counts?: Counts; note?: string }> {
  let cluster: Awaited<ReturnType<typeof startPgCluster>>;
  try {
    cluster = await startPgCluster();
  } catch (error) {
    const missing = error instanceof PgBinariesMissingError;
    console.error(`\n${missing ? '' : 'Could not start PostgreSQL: '}${(error as Error).message}`);
    return { code: 1, note: missing ? 'PostgreSQL binaries missing' : 'PostgreSQL did not start' };
  }
  console.log(`\nPostgreSQL test cluster at ${cluster.url}`);
  try {
    return await suite(cluster.url);
  } finally {
    await cluster.stop();
  }
}

/**
 * CPU seconds the whole machine has spent busy so far (Linux: /proc/stat's first line, in USER_HZ, 100 a
 * second; undefined elsewhere). Machine-wide rather than this process's children: Chromium's renderers and the
 * PostgreSQL cluster are not children it waits for. With a stage's wall time it says how many of the cores the
 * stage kept busy (on a machine running nothing else, as CI's).
 */
async function machineBusySeconds(): Promise<number | undefined> {
  try {
    const [cpu] = (await readFile('/proc/stat', 'utf8')).split('\n');
    // cpu  user nice system idle iowait irq softirq steal guest guest_nice: busy is user, nice, system, irq,
    // softirq and steal (guest time is counted in user and nice already).
    const ticks = (cpu ?? '').trim().split(/\s+/).slice(1).map(Number);
    const busy = [0, 1, 2, 5, 6, 7].reduce((sum, index) => sum + (ticks[index] ?? 0), 0);
    return busy / 100;
  } catch {
    return undefined;
  }
}

async function runStage(stage: Stage): Promise<{ code: number; counts?: Counts; note?: string }> {
  switch (stage) {
    case 'unit':
      return vitest('unit', 'unit', process.env);
    case 'api':
      return vitest('api', 'api-pglite', envWith({ TEST_DATABASE: undefined, TEST_PG_URL: undefined }));
    case 'pg':
      return onPgCluster((url) =>
        vitest('api', 'api-pg', envWith({ TEST_DATABASE: 'pg', TEST_PG_URL: url })),
      );
    case 'processes':
      return onPgCluster((url) =>
        vitest(
          'api',
          'processes',
          envWith({ TEST_DATABASE: 'pg', TEST_PG_URL: url, TEST_MANY_PROCESSES: '1' }),
          [MANY_PROCESSES],
        ),
      );
    case 'e2e':
      return playwright();
  }
}

async function main() {
  const runStarted = performance.now();
  const stages = selectedStages();
  await mkdir(REPORTS, { recursive: true });
  const results: Result[] = [];
  for (const stage of stages) {
    if (stages.includes('e2e') && !webBuilds && BUILDS_BESIDE.includes(stage)) webBuilds = startWebBuilds();
    console.log(`\n=== ${stage} ${'='.repeat(60)}`);
    const started = performance.now();
    const cpuBefore = await machineBusySeconds();
    const { code, counts, note } = await runStage(stage);
    const cpuAfter = await machineBusySeconds();
    const ok = code === 0 && !interrupted;
    const result: Result = {
      stage,
      ok,
      seconds: (performance.now() - started) / 1000,
      cpuSeconds: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
      passed: counts?.passed ?? 0,
      failed: counts?.failed ?? 0,
      note,
    };
    // A suite that failed outside any test (config error, crashed global setup) still counts as a failure,
    // so the summary never reads "0 failed" for a red run.
    if (!ok && result.failed === 0) {
      result.failed = 1;
      result.note ??= interrupted ? 'interrupted' : 'failed outside the tests; see the output above';
    }
    results.push(result);
    if (!ok) break;
  }

  console.log('\n=== summary');
  for (const r of results) {
    const line = `${r.stage.padEnd(9)} ${r.ok ? 'ok  ' : 'FAIL'} ${r.passed} passed, ${r.failed} failed`;
    const cpu =
      r.cpuSeconds === undefined
        ? ''
        : `, machine busy ${r.cpuSeconds.toFixed(0)} cpu-s (${(r.cpuSeconds / r.seconds).toFixed(1)} cores)`;
    console.log(`${line.padEnd(40)} ${r.seconds.toFixed(1)} s${cpu}${r.note ? `  (${r.note})` : ''}`);
  }
  const skipped = stages.slice(results.length);
  if (skipped.length) console.log(`not run: ${skipped.join(', ')}`);
  const total = (performance.now() - runStarted) / 1000;
  const whole = stages.length === STAGES.length;
  console.log(
    `${'total'.padEnd(40)} ${total.toFixed(1)} s${whole ? ` (budget ${BUDGET_SECONDS} s${total > BUDGET_SECONDS ? ': OVER' : ''})` : ''}`,
  );
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  console.log(`${passed} passed, ${failed} failed`);
  stopWebBuilds();
  process.exit(results.every((r) => r.ok) ? 0 : interrupted ? 130 : 1);
}

await main();
