// The e2e stage on other days than today: for each given moment, the whole Playwright run (runner, workers,
// the SMTP sink and the portals with their databases) runs under libfaketime with its clock moved there, and
// the browsers' pages follow with their Date moved by the same offset (e2e/fixtures/clock.ts). A journey that passes today but
// not at a month's end, in a six-week month, across a year or on a leap day fails here.
//   node scripts/e2e-on-days.ts                              the awkward days below
//   node scripts/e2e-on-days.ts 2027-02-28T12:00+01:00       given moments (ISO 8601 with their offset)
//   node scripts/e2e-on-days.ts 2027-02-28T12:00+01:00 -- --project=petention-en tests/pets.spec.ts
// Needs Debian's `faketime`. Moments in the past would make the server's cookies expire at once in a
// browser on today's clock, so they are refused. The last line is `N passed, N failed` over every day.
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const REPORTS = join(ROOT, 'test-results', 'e2e-on-days');
const PLAYWRIGHT = join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');

/** In Berlin, the browsers' time zone: each names why it is awkward. */
const AWKWARD_DAYS = [
  '2026-11-30T12:00+01:00', // a month's last day, in a month of six calendar weeks (November 2026)
  '2027-01-01T00:20+01:00', // New Year in Berlin while the server's UTC is still in the old year
  '2027-02-28T12:00+01:00', // February's last day, a February of exactly four calendar weeks
  '2027-08-31T12:00+02:00', // a month's last day in summer time, August 2027 has six calendar weeks
  '2028-02-29T12:00+01:00', // a leap day
];

function parseArgs(argv: string[]) {
  const split = argv.indexOf('--');
  const moments = split === -1 ? argv : argv.slice(0, split);
  const extra = split === -1 ? [] : argv.slice(split + 1);
  return { moments: moments.length > 0 ? moments : AWKWARD_DAYS, extra };
}

function offsetSeconds(moment: string): number {
  const at = Date.parse(moment);
  if (Number.isNaN(at) || !/[+-]\d\d:\d\d$|Z$/.test(moment)) {
    throw new Error(`${moment}: not an ISO 8601 moment with its offset (2027-02-28T12:00+01:00)`);
  }
  const seconds = Math.round((at - Date.now()) / 1000);
  if (seconds < 0) throw new Error(`${moment}: in the past (see the comment at the top)`);
  return seconds;
}

function run(moment: string, extra: string[], report: string): Promise<number> {
  const offset = offsetSeconds(moment);
  console.log(`\n=== e2e on ${moment} (clock moved by ${offset} s)`);
  return new Promise((resolve) => {
    const child = spawn(
      'faketime',
      ['-f', `+${offset}`, process.execPath, PLAYWRIGHT, 'test', '-c', 'e2e/playwright.config.ts', ...extra],
      {
        cwd: ROOT,
        stdio: 'inherit',
        env: {
          ...process.env,
          // The browsers' pages shift their Date by the same (e2e/fixtures/clock.ts).
          E2E_CLOCK_OFFSET_MS: String(offset * 1000),
          // Timers and timeouts keep real time; only the wall clock moves. File times stay the disk's.
          FAKETIME_DONT_FAKE_MONOTONIC: '1',
          NO_FAKE_STAT: '1',
          PLAYWRIGHT_JSON_OUTPUT_FILE: report,
        },
      },
    );
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

async function main() {
  if (spawnSync('faketime', ['--version']).error) {
    console.error('faketime is missing (Debian: apt-get install faketime)');
    process.exit(2);
  }
  const { moments, extra } = parseArgs(process.argv.slice(2));
  for (const moment of moments) offsetSeconds(moment);
  await rm(REPORTS, { recursive: true, force: true });
  await mkdir(REPORTS, { recursive: true });
  const lines: string[] = [];
  let passed = 0;
  let failed = 0;
  for (const moment of moments) {
    const report = join(REPORTS, `${moment.replace(/[:+]/g, '-')}.json`);
    const code = await run(moment, extra, report);
    const json = JSON.parse(await readFile(report, 'utf8').catch(() => 'null')) as {
      stats: { expected: number; unexpected: number; flaky: number; duration: number };
    } | null;
    const stats = json?.stats ?? { expected: 0, unexpected: code === 0 ? 0 : 1, flaky: 0, duration: 0 };
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    lines.push(
      `${moment}  ${code === 0 ? 'ok  ' : 'FAIL'} ${stats.expected} passed, ${stats.flaky} flaky, ` +
        `${stats.unexpected} failed, ${(stats.duration / 1000).toFixed(0)} s`,
    );
  }
  console.log(`\n=== e2e on ${moments.length} days\n${lines.join('\n')}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 && lines.every((line) => line.includes(' ok ')) ? 0 : 1);
}

await main();
