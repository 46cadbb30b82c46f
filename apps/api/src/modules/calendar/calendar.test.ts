import { calendarFeedSchema } from '@pet/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { TestUser } from '../../../test/support/accounts.ts';
import { addPet, appointmentBody, call, displayDate } from '../../../test/support/pets.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { calendarFeeds } from '../../db/schema/calendar.ts';

const t = useTestApp();
/** A German owner of two pets with an appointment each (one with a reminder), and a user with none. */
let a: TestUser;
let b: TestUser;
beforeAll(async () => {
  a = await userWithAppointments();
  b = await t.user();
});

function feed(url: string, ip = '10.200.0.1') {
  const { pathname } = new URL(url);
  return t.app.inject({ method: 'GET', url: pathname, remoteAddress: ip });
}

async function userWithAppointments(): Promise<TestUser> {
  const user = await t.user({ language: 'de', plan: 'basic' });
  const pet = await addPet(t, user, { name: 'Bello' });
  const cat = await addPet(t, user, { name: 'Mimi', pet_type: 'Cat' });
  await call(t, user, 'POST', `/v1/appointment?pet_id=${pet.id}`, appointmentBody(4));
  await call(
    t,
    user,
    'POST',
    `/v1/appointment?pet_id=${cat.id}`,
    appointmentBody(9, {
      appointment_type: 'Deworming',
      reminder_date: displayDate(8),
      reminder_time: '07:15',
    }),
  );
  return user;
}

describe('private calendar feed', () => {
  test('made once (address shown then only), serves every appointment, rotated and revoked', async () => {
    const user = a;
    expect((await call(t, user, 'GET', '/v1/calendar/feed')).json()).toEqual({
      exists: false,
      created_at: null,
      url: null,
    });

    const made = await call(t, user, 'POST', '/v1/calendar/feed', undefined, 'cookie');
    expect(made.statusCode).toBe(201);
    const first = calendarFeedSchema.parse(made.json());
    expect(first.exists).toBe(true);
    expect(first.url).toMatch(/^http:\/\/localhost:3000\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // Only the hash is stored.
    const [row] = await t.database.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
    const secret = new URL(first.url!).pathname
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(secret);
    const status = (await call(t, user, 'GET', '/v1/calendar/feed')).json();
    expect(status).toEqual({ exists: true, created_at: first.created_at, url: null });

    const calendar = await feed(first.url!);
    expect(calendar.statusCode).toBe(200);
    expect(calendar.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const text = calendar.body.replace(/\r\n /g, '');
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(text).toContain('X-WR-CALNAME:Petention-Termine');
    expect(text).toContain('SUMMARY:Impfung: Bello');
    expect(text).toContain('SUMMARY:Entwurmung: Mimi');
    expect(text.match(/BEGIN:VALARM/g)).toHaveLength(1);
    expect(text).not.toContain('METHOD:');

    // Rotating: the old address stops working at once, the new one works.
    const rotated = calendarFeedSchema.parse((await call(t, user, 'POST', '/v1/calendar/feed')).json());
    expect(rotated.url).not.toBe(first.url);
    expect((await feed(first.url!)).statusCode).toBe(404);
    expect((await feed(rotated.url!)).statusCode).toBe(200);

    const revoked = await call(t, user, 'DELETE', '/v1/calendar/feed', undefined, 'cookie');
    expect(revoked.statusCode).toBe(204);
    expect((await feed(rotated.url!)).statusCode).toBe(404);
    expect((await call(t, user, 'GET', '/v1/calendar/feed')).json().exists).toBe(false);
  });

  test('an unknown address answers 404 like a revoked one; the management calls need a session', async () => {
    for (const path of [
      `/v1/calendar/${'A'.repeat(43)}.ics`,
      '/v1/calendar/short.ics',
      `/v1/calendar/${'A'.repeat(43)}`,
      '/v1/calendar/feed.ics',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: path, remoteAddress: '10.200.0.2' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not_Found_Text' });
    }
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await call(t, null, method, '/v1/calendar/feed')).statusCode).toBe(401);
    }
  });

  test('each user has their own feed: one user’s address never shows another’s appointments', async () => {
    const urlA = (await call(t, a, 'POST', '/v1/calendar/feed')).json().url;
    const urlB = (await call(t, b, 'POST', '/v1/calendar/feed')).json().url;
    expect((await feed(urlA)).body.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect((await feed(urlB)).body).not.toContain('BEGIN:VEVENT');
    // Revoking b's feed leaves a's alone.
    await call(t, b, 'DELETE', '/v1/calendar/feed');
    expect((await feed(urlA)).statusCode).toBe(200);
  });

  test('the public address is rate-limited per client address', async () => {
    const ip = '10.200.0.99';
    const answers: number[] = [];
    for (let i = 0; i < 61; i += 1)
      answers.push((await feed(`http://x/v1/calendar/${'B'.repeat(43)}.ics`, ip)).statusCode);
    expect(answers.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(answers[60]).toBe(429);
  });
});
