import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, test } from 'vitest';
import { nextIp } from '../support/accounts.ts';
import { BETTER_AUTH_OPERATIONS } from '../support/better-auth-operations.ts';
import { dataFingerprint, writeMark } from '../support/data-fingerprint.ts';
import {
  type FuzzRequest,
  injectOptions,
  type Operation,
  operationsOf,
  requestsFor,
} from '../support/fuzz-requests.ts';
import { addPet } from '../support/pets.ts';
import { TEST_PUBLIC_URL, useTestApp } from '../support/test-app.ts';

// Every operation of the OpenAPI document (read at test time: a route added later is fuzzed too) and the
// better-auth calls of the web app, with requests built from their schemas plus hostile values, signed in
// and anonymous. Whatever is sent: no 5xx, every 4xx in the `{ code, message, fields? }` shape (`fields`
// on 400), a refused request changes no row, a signed-in answer is not cacheable.
// FUZZ_RUNS sets the requests per operation (default 200; FUZZ_RUNS=2000 for a longer hunt).

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const t = useTestApp();

/** The document's operations; read once the app is built (the list of tests is made before that). */
function documentOperations(): Operation[] {
  return operationsOf(t.app.swagger());
}

function describeAnswer(request: FuzzRequest, response: LightMyRequestResponse): string {
  const body = request.body.payload === undefined ? '' : String(request.body.payload).slice(0, 300);
  return `${request.method} ${request.url.slice(0, 300)} (${request.credentials}, ${request.body.contentType ?? 'no type'}) ${body}\n-> ${response.statusCode} ${response.body.slice(0, 300)}`;
}

function expectErrorShape(request: FuzzRequest, response: LightMyRequestResponse): void {
  const context = describeAnswer(request, response);
  let body: unknown;
  try {
    body = response.json();
  } catch {
    throw new Error(`not JSON: ${context}`);
  }
  const { code, message, fields } = body as { code?: unknown; message?: unknown; fields?: unknown };
  expect(typeof code, context).toBe('string');
  expect(typeof message, context).toBe('string');
  if (response.statusCode === 400 || fields !== undefined) {
    expect(fields !== null && typeof fields === 'object' && !Array.isArray(fields), context).toBe(true);
  }
}

async function fuzz(operation: Operation): Promise<void> {
  const user = await t.user({ plan: 'premium' });
  const pet = await addPet(t, user, { name: 'Fuzzy' });
  const ids = [pet.id, user.id];
  // better-auth's routes from one address, so its limiter (not hashing) answers most of them.
  const betterAuthAddress = nextIp();
  let before = await dataFingerprint(t);
  let mark = await writeMark(t);
  const details = await fc.check(
    fc.asyncProperty(requestsFor(operation, ids), async (request) => {
      const address = operation.path.startsWith('/api/auth/') ? betterAuthAddress : nextIp();
      const response = await t.app.inject(injectOptions(request, user, TEST_PUBLIC_URL, address));
      const context = describeAnswer(request, response);
      expect(response.statusCode, context).toBeLessThan(500);
      const newMark = await writeMark(t);
      const after = newMark === mark ? before : await dataFingerprint(t);
      mark = newMark;
      if (response.statusCode >= 400) {
        expectErrorShape(request, response);
        expect(after, `a refused request changed data: ${context}`).toBe(before);
      } else if (operation.signedIn && request.credentials !== 'none') {
        expect(response.headers['cache-control'], context).toBe('no-store');
      }
      before = after;
    }),
    { numRuns: RUNS, endOnFailure: true },
  );
  if (details.failed) {
    const cause =
      details.errorInstance instanceof Error ? details.errorInstance.message : details.errorInstance;
    throw new Error(`after ${details.numRuns} requests (seed ${details.seed}): ${String(cause)}`);
  }
}

describe('fuzz', () => {
  // One test for all operations: the operations are known only once the app is built.
  test(
    `every operation of the OpenAPI document and better-auth's calls, ${RUNS} requests each`,
    async () => {
      const operations = [...documentOperations(), ...BETTER_AUTH_OPERATIONS];
      expect(operations.length).toBeGreaterThan(20);
      const failures: string[] = [];
      for (const operation of operations) {
        try {
          await fuzz(operation);
        } catch (error) {
          failures.push(`${operation.method} ${operation.path}: ${(error as Error).message.slice(0, 1500)}`);
        }
      }
      expect(failures, failures.join('\n\n')).toEqual([]);
    },
    (RUNS / 200) * 300_000,
  );
});
