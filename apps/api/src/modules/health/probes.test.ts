import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../../test/support/test-app.ts';

// The probes of issue 30: /livez, /readyz naming what fails, and no fall-through to the web app.

const t = useTestApp();

describe('/livez and /readyz', () => {
  test('a running app is live and ready', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/livez' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', failing: [] });
  });

  test('paths under the probes’ names never answer with the web app', async () => {
    for (const url of ['/livez/x', '/readyz/', '/metrics/extra']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(404);
      expect(answer.headers['content-type']).toMatch(/json/);
    }
  });
});

describe('a part that does not answer', () => {
  const broken = useTestApp();

  test('the storage: 503 naming it, while the process stays live', async () => {
    // A plain file where the storage folder belongs: the folder can never be made.
    writeFileSync(join(broken.env.DATA_DIR, 'files'), 'not a folder');
    const ready = await broken.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', failing: ['storage'] });
    expect((await broken.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
  });

  test('a shutdown that has begun: 503 at once, requests still served', async () => {
    broken.app.readiness.drain();
    const ready = await broken.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().failing).toContain('shutting down');
    expect((await broken.app.inject({ method: 'GET', url: '/v1/config' })).statusCode).toBe(200);
  });

  test('the job queue, once stopped', async () => {
    await broken.app.ctx.jobs.stop();
    const ready = await broken.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().failing).toEqual(['jobs', 'storage', 'shutting down']);
  });
});
