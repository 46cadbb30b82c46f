import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { as, nextIp, quickUser, type TestUser } from '../../../test/support/accounts.ts';
import { issueCode, issueTrackers } from '../../../test/support/plans.ts';
import { type TestApp, useTestApp } from '../../../test/support/test-app.ts';
import { gpsTrackers } from '../../db/schema/index.ts';

function apply(t: TestApp, user: TestUser, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/subscription/change/apply',
    remoteAddress: nextIp(),
    headers: as(user, 'bearer'),
    payload,
  });
}

describe('tier-fritz: change/apply with GPS tracker ids', () => {
  const t = useTestApp({ brand: 'tier-fritz' });
  let trackers: string[];
  beforeAll(async () => {
    trackers = await issueTrackers(t.database, 4);
  });

  const code = (product = 'basis-24') => issueCode(t.database, { brand: 'tier-fritz', product });

  test('a user who has a tracker may leave it out; naming their own again is fine', async () => {
    const user = await quickUser(t, { activation_code: await code('basis-1'), tracker_ids: [trackers[0]!] });
    const without = await apply(t, user, { activation_code: await code('basis-12') });
    expect(without.statusCode).toBe(200);
    expect(without.json()).toMatchObject({
      product: { name: 'BASIS 12', duration: 12 },
      tracker_ids: [trackers[0]],
    });
    const own = await apply(t, user, {
      activation_code: await code('basis-24'),
      tracker_ids: [trackers[0]!],
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().tracker_ids).toEqual([trackers[0]]);
  });

  test('without a tracker of their own: 400 marking both fields; unknown 400; someone else’s 409; a free one registers', async () => {
    const user = await quickUser(t, { activation_code: await code(), tracker_ids: [trackers[1]!] });
    // The tracker went back to the operator (say, exchanged): the user has none now.
    await t.database.db
      .update(gpsTrackers)
      .set({ userId: null })
      .where(eq(gpsTrackers.trackerId, trackers[1]!));
    const missing = await apply(t, user, { activation_code: await code('basis-1') });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      code: 'TRACKER_INVALID',
      message: 'Invalid_Tracker_Id_Text',
      fields: { activation_code: 'Invalid_Code_Text', tracker_ids: 'GPS_Tracker_ID_Required' },
    });
    const unknown = await apply(t, user, {
      activation_code: await code('basis-1'),
      tracker_ids: ['TF-UNKNOWN-1'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({
      activation_code: 'Invalid_Code_Text',
      tracker_ids: 'Invalid_Tracker_Id_Text',
    });
    const malformed = await apply(t, user, { activation_code: await code('basis-1'), tracker_ids: ['a b'] });
    expect(malformed.statusCode).toBe(400);

    await quickUser(t, { activation_code: await code(), tracker_ids: [trackers[2]!] });
    const taken = await apply(t, user, {
      activation_code: await code('basis-1'),
      tracker_ids: [trackers[2]!],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 'TRACKER_REGISTERED', message: 'GPS_Tracker_Already_Exist' });

    const ok = await apply(t, user, {
      activation_code: await code('basis-1'),
      tracker_ids: [trackers[3]!.toLowerCase()],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ product: { name: 'BASIS 1' }, tracker_ids: [trackers[3]] });
  });
});

describe('hunde-schutz: a product from a code ends the hold on activate-product', () => {
  const t = useTestApp({ brand: 'hunde-schutz' });

  const verifyEmail = (user: TestUser) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/verifyemail', headers: as(user, 'bearer') });

  test('"default" while only on the default plan; "verified" once a code put the user on a product', async () => {
    const user = await t.user();
    expect((await verifyEmail(user)).json().message).toContain('default');
    const myInfo = await t.app.inject({ method: 'GET', url: '/v1/auth/myinfo', headers: as(user, 'bearer') });
    expect(myInfo.json()).toMatchObject({ product: { name: 'Free' }, product_associated: false });

    const applied = await apply(t, user, {
      activation_code: await issueCode(t.database, { brand: 'hunde-schutz', product: 'premium-plus' }),
    });
    expect(applied.json()).toMatchObject({
      product: { name: 'Premium Plus', sequence: 4, pets_limit: 15 },
      product_associated: true,
    });
    expect((await verifyEmail(user)).json().message).toBe('verified');
  });
});
