import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { conflict, limitReached, serviceUnavailable } from './errors.ts';

// Every error the API answers is made by a factory of lib/errors.ts, so a status and its code are written in
// one place: a `new AppError(` anywhere else in the API's code or tests fails here. A one-off that truly
// needs its own construction goes into ALLOWED with the reason beside it.

const API = fileURLToPath(new URL('../..', import.meta.url));
const THIS_FILE = fileURLToPath(import.meta.url);

/** Files (relative to apps/api) that may construct an AppError themselves. */
const ALLOWED = new Set<string>([
  // The factories.
  'src/lib/errors.ts',
]);

function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : typeScriptFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('error factories', () => {
  test('no file but lib/errors.ts constructs an AppError', () => {
    const constructs = /\bnew\s+AppError\s*\(/;
    const found = ['src', 'test']
      .flatMap((dir) => typeScriptFiles(join(API, dir)))
      .filter((file) => file !== THIS_FILE && !ALLOWED.has(relative(API, file)))
      .filter((file) => constructs.test(readFileSync(file, 'utf8')))
      .map((file) => relative(API, file));
    expect(found).toEqual([]);
  });

  test('the factories answer their status and code', () => {
    expect(conflict('Update_Failed_Text')).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'Update_Failed_Text',
    });
    expect(limitReached('Paid_Service_Text')).toMatchObject({ status: 403, code: 'LIMIT_REACHED' });
    expect(serviceUnavailable()).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Server_Down_Text',
    });
    expect(serviceUnavailable('Server_Down_Text', 502)).toMatchObject({ status: 502 });
  });
});
