import { readFile } from 'node:fs/promises';

// The counts npm test and npm run test:changed print, read from the JSON reports Vitest and Playwright write.

export type Counts = { passed: number; failed: number };

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** A Vitest JSON report's counts; undefined when the run wrote none (it failed before any test). */
export async function vitestCounts(file: string): Promise<Counts | undefined> {
  const json = await readJson<{ numPassedTests: number; numFailedTests: number }>(file);
  return json && { passed: json.numPassedTests, failed: json.numFailedTests };
}

/** A Playwright JSON report's counts: a flaky test passed on retry counts as passed (Playwright names it). */
export async function playwrightCounts(file: string): Promise<Counts | undefined> {
  const json = await readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(file);
  return json && { passed: json.stats.expected + json.stats.flaky, failed: json.stats.unexpected };
}
