import { describe, expect, test } from 'vitest';
import { resetToken, signInRequest } from '../../../test/support/accounts.ts';
import { useTestApp } from '../../../test/support/test-app.ts';

// GET /metrics (issue 30): Prometheus's text format with the figures an operator watches, for the operator
// only.

const TOKEN = 'a-metrics-token-of-24-chars-or-more';
const t = useTestApp({ env: { METRICS_TOKEN: TOKEN } });

async function scrape(): Promise<string> {
  const answer = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return answer.body;
}

/** The value of one sample line, `name{labels} value`; 0 when the line is missing. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .join(',');
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(wanted));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('/metrics', () => {
  test('requests by route pattern and status, refusals of the limits and the hash pool, jobs, mails', async () => {
    const before = await scrape();
    const user = await t.user();
    for (let i = 0; i < 3; i++) {
      await t.app.inject({
        method: 'GET',
        url: '/v1/pet',
        headers: { authorization: `Bearer ${user.token}` },
      });
    }
    // Wrong passwords until the account's throttle refuses (429).
    for (let i = 0; i < 8; i++) {
      await signInRequest(t.app, { email: user.email, password: `wrong-guess-${i}` });
    }
    // A reset's mail goes out over SMTP (the sink takes it).
    await resetToken(t.app, t.sink, user.email);
    const after = await scrape();

    const reads = { method: 'GET', route: '/v1/pet', status: '200' };
    expect(sample(after, 'http_requests_total', reads) - sample(before, 'http_requests_total', reads)).toBe(
      3,
    );
    expect(sample(after, 'http_request_duration_seconds_count', reads)).toBeGreaterThanOrEqual(3);
    const signIn = { route: '/api/auth/sign-in/email' };
    expect(sample(after, 'pet_rate_limited_total', signIn)).toBeGreaterThan(0);
    expect(sample(after, 'pet_password_hash_wait_seconds_count', { lane: 'unknown' })).toBeGreaterThan(0);
    expect(sample(after, 'pet_mails_total', { outcome: 'sent' })).toBeGreaterThan(0);
    // Every queue of the portal is listed, with its states.
    expect(after).toMatch(/pet_job_queue_jobs\{queue="[a-z.-]+",state="ready"\} \d+/);
    expect(after).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(after).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
  });

  test('without the token (or with a wrong one) nothing is shown', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-the-token-of-24-characters' }]) {
      const answer = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(answer.statusCode).toBe(403);
      expect(answer.body).not.toContain('http_requests_total');
    }
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  const local = useTestApp();
  test('answers a client on this machine only', async () => {
    const here = await local.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(here.statusCode).toBe(200);
    const there = await local.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(there.statusCode).toBe(403);
    // A proxy header naming the loopback changes nothing.
    const forged = await local.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(forged.statusCode).toBe(403);
  });
});
