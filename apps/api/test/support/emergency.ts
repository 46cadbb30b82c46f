import { expect } from 'vitest';
import { as, nextIp, type TestUser } from './accounts.ts';
import type { TestApp } from './test-app.ts';

// The emergency file's tests: a code redeemed the way a user redeems one, and the finder's public download.

/** Redeems an activation code through POST /v1/subscription/change/apply (it must succeed). */
export async function redeem(t: TestApp, user: TestUser, code: string): Promise<void> {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/v1/subscription/change/apply',
    remoteAddress: nextIp(),
    headers: as(user, 'bearer'),
    payload: { activation_code: code },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

/** GET /v1/emergency/public without a session, from `ip` (a fresh address unless given). */
export function publicDownload(
  t: TestApp,
  query: { activation_code?: string; language?: string },
  options: { ip?: string; userAgent?: string } = {},
) {
  const search = new URLSearchParams(query as Record<string, string>);
  return t.app.inject({
    method: 'GET',
    url: `/v1/emergency/public?${search}`,
    remoteAddress: options.ip ?? nextIp(),
    headers: options.userAgent ? { 'user-agent': options.userAgent } : {},
  });
}
