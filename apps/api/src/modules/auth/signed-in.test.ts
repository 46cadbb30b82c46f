import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from '../../../test/support/test-app.ts';

// The signed-in route group (signed-in.ts) is the only door to the protected routes: every documented call
// is either on the public list below or declares the session security and answers 401 without a session.

const PUBLIC_CALLS = [
  'GET /v1/calendar/{file}',
  'GET /v1/config',
  // A finder's download by the owner's emergency password (rate-limited, logged, the owner told).
  'GET /v1/emergency/public',
  // The brand's imprint, terms and privacy text: shown before anyone signs in (register form, footer).
  'GET /v1/legal/{document}',
  // The sandbox's setup checkout page (a new payment method): the session id in the path is the
  // credential, as Stripe Checkout's address is.
  'GET /v1/sandbox/checkout/{id}',
  // A vet's or sitter's read-only link: the secret in the path is the credential.
  'GET /v1/shared/{secret}',
  'GET /v1/shared/{secret}/files/{file_id}',
  'GET /v1/subscription/product/list',
  // The spec's own path of the logging service: the same route as POST /v1/log.
  'POST /log',
  'POST /v1/auth/password/reset',
  'POST /v1/auth/signup',
  'POST /v1/auth/verification/sendemail',
  'POST /v1/auth/verifycode',
  'POST /v1/log',
  // The payment provider's signed events: the Stripe-Signature is the credential.
  'POST /v1/payments/webhook',
  'POST /v1/sandbox/checkout/{id}',
  // The sandbox provider's browser calls: the payment's client secret is the credential, as at Stripe.
  'POST /v1/sandbox/payment_intents/{id}/challenge',
  'POST /v1/sandbox/payment_intents/{id}/confirm',
];

interface Operation {
  security?: unknown;
}

const t = useTestApp();
let operations: Array<{ call: string; method: string; url: string; operation: Operation }>;

beforeAll(async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      call: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      url: path.replace(/\{(\w+)\}/g, '$1'),
      operation,
    })),
  );
});

describe('the signed-in route group', () => {
  test('the calls without a session requirement are exactly the public ones', () => {
    const open = operations.filter((o) => o.operation.security === undefined).map((o) => o.call);
    expect(open.sort()).toEqual(PUBLIC_CALLS);
  });

  test('every other call declares cookie or bearer and answers 401 without a session', async () => {
    const signedIn = operations.filter((o) => !PUBLIC_CALLS.includes(o.call));
    expect(signedIn.length).toBeGreaterThan(15);
    for (const { call, method, url, operation } of signedIn) {
      expect(operation.security, call).toEqual([{ cookie: [] }, { bearer: [] }]);
      const res = await t.app.inject({ method: method as 'GET', url });
      expect(res.statusCode, call).toBe(401);
      expect(res.json(), call).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });
});
