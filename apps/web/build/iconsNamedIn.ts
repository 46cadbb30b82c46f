import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The Tabler icons (`IconMail`, ...) the .tsx/.ts sources under `dir` name, sorted, each once. */
export function iconsNamedIn(dir: string): string[] {
  const names = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(entry) || /\.test\.tsx?$/.test(entry)) continue;
    for (const match of readFileSync(join(dir, entry), 'utf8').matchAll(/\bIcon[A-Z][A-Za-z0-9]*\b/g)) {
      names.add(match[0]);
    }
  }
  return [...names].sort();
}
