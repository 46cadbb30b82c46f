import { expect, test } from 'vitest';
import { boundedText, loggedPath, redactSecrets } from './redact.ts';

test('removes tokens, passwords and bearer credentials from client reports', () => {
  const text = [
    'GET /reset-password?email=a@b.de&token=abcDEF123 failed',
    'Authorization: Bearer s3cr3t.t0ken',
    '{"password":"hunter22","tokenA":"xyz","activation_code":"PTN7K3MQ9XA2"}',
    'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig',
    'cookie: pet.session_token=aaaa.bbbb',
    'opaque 0123456789abcdef0123456789abcdef01',
  ].join('\n');
  const result = redactSecrets(text);
  for (const secret of [
    'abcDEF123',
    's3cr3t.t0ken',
    'hunter22',
    '"xyz"',
    'PTN7K3MQ9XA2',
    'eyJzdWIiOiIxIn0',
    'aaaa.bbbb',
    '0123456789abcdef0123456789abcdef01',
  ]) {
    expect(result).not.toContain(secret);
  }
  expect(result).toContain('email=a@b.de');
  expect(result).toContain('failed');
});

test('keeps ordinary error details', () => {
  expect(
    redactSecrets('status 500 on /v1/pet: {"code":"VALIDATION_ERROR","message":"Bad_Request_Text"}'),
  ).toBe('status 500 on /v1/pet: {"code":"VALIDATION_ERROR","message":"Bad_Request_Text"}');
});

test('bounds the size and serialises objects', () => {
  expect(boundedText('x'.repeat(50), 10)).toBe(`${'x'.repeat(10)}…[40 more]`);
  expect(boundedText({ status: 404, path: '/v1/pet' }, 100)).toBe('{"status":404,"path":"/v1/pet"}');
  const circular: Record<string, unknown> = {};
  circular.self = circular;
  expect(boundedText(circular, 100)).toBe('[object Object]');
});

test('a logged request path keeps no query and no share link secret', () => {
  const secret = 'a'.repeat(43);
  expect(loggedPath(`/v1/shared/${secret}`)).toBe('/v1/shared/[secret]');
  expect(loggedPath(`/v1/shared/${secret}/files/f-1?x=1`)).toBe('/v1/shared/[secret]/files/f-1');
  expect(loggedPath(`/shared/${secret}`)).toBe('/shared/[secret]');
  expect(loggedPath('/reset-password?token=abc')).toBe('/reset-password');
  expect(loggedPath('/v1/pet?pet_id=1')).toBe('/v1/pet');
});

test('a logged path is bounded: a request chooses its own', () => {
  const path = loggedPath(`/v1/${'x'.repeat(16_000)}?token=abc`);
  expect(path.length).toBeLessThan(600);
  expect(path).toContain('more]');
  expect(loggedPath('/v1/pet?pet_id=1')).toBe('/v1/pet');
});
