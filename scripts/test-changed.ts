// `npm run test:changed`: the tests of what changed, for the inner loop (README, "Tests"). What changed is
// what differs from origin/main, or, without that branch, from the last commit (staged, unstaged and new
// files); `npm run test:changed -- <commit>` compares with another.
//   unit  Vitest's --changed: the unit tests whose imports reach a changed file
//   api   the API test files that test a changed file: itself, those in its folder, those importing it
//         (api-related.ts says why not Vitest's --changed)
//   e2e   Playwright's --only-changed: the journeys whose spec or fixtures changed, in their projects only
// The last line is `N passed, N failed`, as npm test's.
import { spawn, spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiTestsFor } from './api-related.ts';
import { type Counts, playwrightCounts, vitestCounts } from './test-reports.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const REPORTS = join(ROOT, 'test-results');
const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const PLAYWRIGHT = join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');

function git(...args: string[]): { ok: boolean; out: string } {
  const result = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  return { ok: result.status === 0, out: result.stdout.trim() };
}

function baseCommit(): string {
  const given = process.argv[2];
  if (given) {
    if (!git('rev-parse', '--verify', '--quiet', `${given}^{commit}`).ok) {
      console.error(`test:changed: no commit ${given}`);
      process.exit(2);
    }
    return given;
  }
  return git('rev-parse', '--verify', '--quiet', 'origin/main').ok ? 'origin/main' : 'HEAD';
}

/** Files changed since `base`, and new files git does not ignore. Paths from the repository's root. */
function changedFiles(base: string): string[] {
  const changed = git('diff', '--name-only', base).out.split('\n');
  const added = git('ls-files', '--others', '--exclude-standard').out.split('\n');
  return [...new Set([...changed, ...added])].filter(Boolean).sort();
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  console.log(`\n> ${[command, ...args].join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

async function vitest(label: string, args: string[]): Promise<Counts & { code: number }> {
  const report = join(REPORTS, `changed-${label}.json`);
  await rm(report, { force: true });
  const code = await run(process.execPath, [
    VITEST,
    'run',
    ...args,
    '--passWithNoTests',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  const counts = await vitestCounts(report);
  return { code, ...(counts ?? { passed: 0, failed: 0 }) };
}

/** The projects and tests Playwright's --only-changed picks, listed without starting any portal. */
function changedJourneys(base: string): { projects: string[]; count: number } {
  const listed = spawnSync(
    process.execPath,
    [
      PLAYWRIGHT,
      'test',
      '-c',
      'e2e/playwright.config.ts',
      '--list',
      `--only-changed=${base}`,
      '--reporter=list',
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  const lines = listed.stdout.split('\n').filter((line) => /^\s*\[[\w-]+\] › /.test(line));
  const projects = [...new Set(lines.map((line) => /\[([\w-]+)\]/.exec(line)?.[1] ?? ''))].filter(Boolean);
  return { projects, count: lines.length };
}

async function e2e(base: string): Promise<Counts & { code: number }> {
  const { projects, count } = changedJourneys(base);
  if (count === 0) {
    console.log('\nno journey changed (Playwright tests only what their specs and fixtures import)');
    return { code: 0, passed: 0, failed: 0 };
  }
  console.log(`\n${count} journeys changed, in ${projects.join(', ')}`);
  const report = join(REPORTS, 'changed-e2e.json');
  await rm(report, { force: true });
  const code = await run(
    process.execPath,
    [PLAYWRIGHT, 'test', '-c', 'e2e/playwright.config.ts', `--only-changed=${base}`],
    { ...process.env, E2E_PROJECTS: projects.join(','), PLAYWRIGHT_JSON_OUTPUT_FILE: report },
  );
  const counts = await playwrightCounts(report);
  return { code, ...(counts ?? { passed: 0, failed: code === 0 ? 0 : 1 }) };
}

async function main() {
  const started = performance.now();
  const base = baseCommit();
  const files = changedFiles(base);
  console.log(
    `test:changed: ${files.length} files differ from ${base === 'HEAD' ? 'the last commit' : base}`,
  );
  for (const file of files) console.log(`  ${file}`);
  if (files.length === 0) {
    console.log('0 passed, 0 failed');
    return;
  }

  const results: { stage: string; seconds: number; code: number; passed: number; failed: number }[] = [];
  const timed = async (stage: string, work: () => Promise<Counts & { code: number }>) => {
    const stageStarted = performance.now();
    const result = await work();
    results.push({ stage, seconds: (performance.now() - stageStarted) / 1000, ...result });
  };

  await timed('unit', () => vitest('unit', ['--project', 'unit', `--changed=${base}`]));
  const apiTests = await apiTestsFor(ROOT, files);
  if (apiTests.length > 0) await timed('api', () => vitest('api', ['--project', 'api', ...apiTests]));
  else console.log('\nno API test file tests a changed file');
  await timed('e2e', () => e2e(base));

  console.log('\nstage        time   passed  failed');
  for (const r of results) {
    console.log(
      `${r.stage.padEnd(10)} ${r.seconds.toFixed(0).padStart(5)} s ${String(r.passed).padStart(8)} ${String(r.failed).padStart(7)}`,
    );
  }
  console.log(`total      ${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s`);
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(results.every((r) => r.code === 0) ? 0 : 1);
}

await main();
