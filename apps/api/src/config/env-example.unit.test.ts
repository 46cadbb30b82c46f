import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { ENV_VARIABLES } from './env.ts';

// .env.example is the operator's list of every variable (README, docs/operations.md): one the server reads
// but the file does not name is a setting nobody finds.

/** Set by the project's own tooling (the e2e suite's seeding routes), never by an operator. */
const TOOLING_ONLY = new Set(['E2E_SEED_TOKEN']);

test('.env.example names every variable the server reads', () => {
  const example = readFileSync(new URL('../../../../.env.example', import.meta.url), 'utf8');
  const named = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]));
  const missing = ENV_VARIABLES.filter((name) => !TOOLING_ONLY.has(name) && !named.has(name));
  expect(missing).toEqual([]);
  expect(ENV_VARIABLES.length).toBeGreaterThan(30);
});
