import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { z } from 'zod';

/**
 * An operator's JSON file read and checked against `schema` at start; throws with what is wrong, phrased to
 * follow env.ts's "must be" (its boot error names the variable). `what` names the kind of file.
 */
export function readCheckedJsonFile<S extends z.ZodType>(path: string, schema: S, what: string): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(resolve(path), 'utf8'));
  } catch (error) {
    throw new Error(`a readable JSON file (${(error as Error).message})`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${what}: ${issue.path.join('.') || 'the file'} must be ${issue.message}`);
  }
  return parsed.data;
}
