import { PUBLIC_EMERGENCY_LIMIT } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { nextIp } from '../../test/support/accounts.ts';
import { useTestApp } from '../../test/support/test-app.ts';
import { buildApp } from '../app.ts';
import { rateLimitHits } from '../db/schema/index.ts';
import { forgetEndedWindows } from './rate-limit-store.ts';

// The request limits count in the database (issue 29): two apps on one database, as two processes of one
// portal are, allow together what one allows, and an app started anew (a restart) still counts the window.

let skewMs = 0;
const t = useTestApp({ clock: () => new Date(Date.now() + skewMs) });
const others: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of others) await app.close();
});

/** A second process of the same portal: its own app (and memory), the same database. */
async function anotherProcess(): Promise<FastifyInstance> {
  const app = await buildApp({
    env: t.env,
    database: t.database,
    clock: () => new Date(Date.now() + skewMs),
  });
  await app.ready();
  others.push(app);
  return app;
}

const emergencyTry = (app: FastifyInstance, ip: string) =>
  app.inject({
    method: 'GET',
    url: `${apiPaths.emergencyPublic}?activation_code=NOSUCHCODE42`,
    remoteAddress: ip,
  });

describe('request limits across processes', () => {
  test('the public emergency download: two processes allow 10 tries per address together, not 10 each', async () => {
    const second = await anotherProcess();
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < PUBLIC_EMERGENCY_LIMIT.max; i++) {
      statuses.push((await emergencyTry(i % 2 === 0 ? t.app : second, ip)).statusCode);
    }
    expect(statuses).toEqual(Array(PUBLIC_EMERGENCY_LIMIT.max).fill(404));
    const limited = [await emergencyTry(t.app, ip), await emergencyTry(second, ip)];
    expect(limited.map((answer) => answer.statusCode)).toEqual([429, 429]);
    expect(limited[0]!.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too_Many_Requests_Text' });
    // A third process, started after the others (a restart): the window still holds.
    expect((await emergencyTry(await anotherProcess(), ip)).statusCode).toBe(429);
    // Another address has its own window.
    expect((await emergencyTry(second, nextIp())).statusCode).toBe(404);
  });

  test('a window that ended counts from one again; the hourly cleanup removes it; no address is stored', async () => {
    const ip = nextIp();
    for (let i = 0; i <= PUBLIC_EMERGENCY_LIMIT.max; i++) await emergencyTry(t.app, ip);
    expect((await emergencyTry(t.app, ip)).statusCode).toBe(429);
    const rows = await t.database.db.select().from(rateLimitHits);
    expect(JSON.stringify(rows)).not.toContain(ip);

    skewMs += PUBLIC_EMERGENCY_LIMIT.windowMinutes * 60_000 + 1_000;
    expect((await emergencyTry(t.app, ip)).statusCode).toBe(404);
    skewMs += PUBLIC_EMERGENCY_LIMIT.windowMinutes * 60_000 + 1_000;
    expect(await forgetEndedWindows(t.database.db, new Date(Date.now() + skewMs))).toBeGreaterThan(0);
    expect(await t.database.db.select().from(rateLimitHits)).toEqual([]);
  });

  test('the same address on two routes is two windows', async () => {
    const ip = nextIp();
    for (let i = 0; i <= PUBLIC_EMERGENCY_LIMIT.max; i++) await emergencyTry(t.app, ip);
    expect((await emergencyTry(t.app, ip)).statusCode).toBe(429);
    const check = await t.app.inject({
      method: 'POST',
      url: apiPaths.verifyCode,
      payload: { code: 'NOSUCHCODE42' },
      remoteAddress: ip,
    });
    expect(check.statusCode).toBe(470);
  });
});
