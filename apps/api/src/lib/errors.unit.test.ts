import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import {
  busy,
  conflict,
  frameworkRefusal,
  internalError,
  limitReached,
  rateLimited,
  serviceUnavailable,
} from './errors.ts';
import { errorBody } from './send-error.ts';

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

  test('a limit and a busy part say when to come back (Retry-After, whole seconds, at least 1)', () => {
    expect(rateLimited(30)).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      headers: { 'retry-after': '30' },
    });
    expect(rateLimited(0.2).headers).toEqual({ 'retry-after': '1' });
    expect(rateLimited().headers).toBeUndefined();
    expect(busy()).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Server_Busy_Text',
      headers: { 'retry-after': '2' },
    });
    expect(serviceUnavailable('Server_Down_Text', 503, 5).headers).toEqual({ 'retry-after': '5' });
  });

  test('a fault of ours and a framework refusal answer in the one shape, never internals', () => {
    expect(errorBody(internalError())).toEqual({ code: 'INTERNAL_ERROR', message: 'Failure_Call_Text' });
    expect(errorBody(frameworkRefusal(400, 'Unexpected token } in JSON at position 7'))).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Bad_Request_Text',
      fields: {},
    });
    expect(errorBody(frameworkRefusal(404, 'Route not found'))).toMatchObject({ code: 'NOT_FOUND' });
  });
});
