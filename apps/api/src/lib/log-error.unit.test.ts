import { expect, test } from 'vitest';
import { describeError, serializeError } from './log-error.ts';

// What a log line keeps of an error (issue 47): its cause, whatever was thrown, and no more than a few
// kilobytes.

test('a thrown object that is not an Error is logged as its JSON, not as [object Object]', () => {
  const logged = serializeError({
    message: 'connect ECONNREFUSED 127.0.0.1:5432',
    code: 'ECONNREFUSED',
  } as never);
  expect(logged.type).toBe('object');
  expect(logged.message).toContain('ECONNREFUSED 127.0.0.1:5432');
  expect(JSON.stringify(logged)).not.toContain('[object Object]');
  expect(describeError({ reason: 'pool ended' })).toBe('object: {"reason":"pool ended"}');
  expect(describeError(undefined)).toBe('undefined: no message');
});

test('an AggregateError without a message is named by its errors', () => {
  const refused = new AggregateError(
    [new Error('connect ECONNREFUSED ::1:5432'), new Error('connect ECONNREFUSED 127.0.0.1:5432')],
    '',
  );
  const logged = serializeError(refused);
  expect(logged.message).toBe('connect ECONNREFUSED ::1:5432; connect ECONNREFUSED 127.0.0.1:5432');
  expect((logged.errors as { message: string }[]).map((e) => e.message)).toHaveLength(2);
  expect(describeError(refused)).toBe(
    'AggregateError: connect ECONNREFUSED ::1:5432; connect ECONNREFUSED 127.0.0.1:5432',
  );
});

test('a message that quotes a request is cut, and its secrets redacted', () => {
  const quoted = new Error(`Invalid callbackURL: https://x.test/?token=abcdef123&q=${'a'.repeat(300_000)}`);
  const logged = serializeError(quoted);
  expect(logged.message.length).toBeLessThan(1_100);
  expect(logged.message).not.toContain('abcdef123');
  expect(JSON.stringify(logged).length).toBeLessThan(6_000);
});

test('a cause chain that loops ends', () => {
  const looping = new Error('first');
  looping.cause = looping;
  expect(JSON.stringify(serializeError(looping)).length).toBeLessThan(30_000);
  expect(describeError(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe(
    'Error (ECONNREFUSED): refused',
  );
});
