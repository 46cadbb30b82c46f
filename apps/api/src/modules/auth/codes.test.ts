import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { as, nextIp, signUpAndVerify, signUpRequest, uniqueEmail } from '../../../test/support/accounts.ts';
import { issueCode, issueTrackers } from '../../../test/support/plans.ts';
import { type TestApp, useTestApp } from '../../../test/support/test-app.ts';
import { activationCodes, users } from '../../db/schema/index.ts';
import { codesSeedFile, seedActivationCodes } from '../plans/codes.seed.ts';

function verifyCode(t: TestApp, payload: object, ip = nextIp()) {
  return t.app.inject({ method: 'POST', url: '/v1/auth/verifycode', remoteAddress: ip, payload });
}

describe('POST /v1/auth/verifycode (petention)', () => {
  const t = useTestApp({ seedCodes: true });

  test('a seeded code is valid, typed in any case', async () => {
    const seed = JSON.parse(await readFile(codesSeedFile('petention'), 'utf8')) as {
      codes: { code: string }[];
    };
    const response = await verifyCode(t, { code: ` ${seed.codes[0]!.code.toLowerCase()} ` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ isvalid: true, message: 'valid' });
  });

  test('470 for an unknown code, 433 for a redeemed one', async () => {
    const unknown = await verifyCode(t, { code: 'NOT-A-REAL-CODE' });
    expect(unknown.statusCode).toBe(470);
    expect(unknown.json()).toEqual({ code: 'CODE_INVALID', message: 'Wrong_Code_Text' });

    const code = await issueCode(t.database);
    expect((await signUpRequest(t.app, { activation_code: code })).statusCode).toBe(201);
    const redeemed = await verifyCode(t, { code });
    expect(redeemed.statusCode).toBe(433);
    expect(redeemed.json()).toEqual({ code: 'CODE_REDEEMED', message: 'Code_Already_Redeemed' });
  });

  test('400 when the code is missing or empty', async () => {
    for (const payload of [{}, { code: '   ' }]) {
      const response = await verifyCode(t, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { code: 'Activation_Code_Text_Required' },
      });
    }
  });

  test('the seed is idempotent and never un-redeems a code', async () => {
    expect(await seedActivationCodes(t.database.db, 'petention')).toBe(0);
    const [first] = await t.database.db.select().from(activationCodes).limit(1);
    await t.database.db
      .update(activationCodes)
      .set({ redeemedAt: new Date() })
      .where(eq(activationCodes.id, first!.id));
    expect(await seedActivationCodes(t.database.db, 'petention')).toBe(0);
    const [after] = await t.database.db
      .select()
      .from(activationCodes)
      .where(eq(activationCodes.id, first!.id));
    expect(after?.redeemedAt).toBeInstanceOf(Date);
  });

  test('429 after repeated guesses from one address', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await verifyCode(t, { code: `GUESS-${i}-XXXX` }, ip)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 470)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('tier-fritz: activation code and an issued GPS tracker id go together', () => {
  const t = useTestApp({ brand: 'tier-fritz' });
  let trackers: string[];
  beforeAll(async () => {
    trackers = await issueTrackers(t.database, 4);
  });

  const tfCode = () => issueCode(t.database, { brand: 'tier-fritz', product: 'basis-12' });

  test('a code with an issued, free tracker is valid (the tracker typed in any case)', async () => {
    const response = await verifyCode(t, { code: await tfCode(), tracker_ids: [trackers[0]!.toLowerCase()] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ isvalid: true, message: 'valid' });
  });

  test('400 marking both fields when the tracker is missing, malformed or never issued', async () => {
    const code = await tfCode();
    const cases: Array<[object, string]> = [
      [{ code }, 'GPS_Tracker_ID_Required'],
      [{ code, tracker_ids: [] }, 'GPS_Tracker_ID_Required'],
      [{ code, tracker_ids: ['no spaces allowed'] }, 'Invalid_Tracker_Id_Text'],
      [{ code, tracker_ids: ['TF0000NEVERISSUED'] }, 'Invalid_Tracker_Id_Text'],
    ];
    for (const [payload, trackerKey] of cases) {
      const response = await verifyCode(t, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'TRACKER_INVALID',
        message: 'Invalid_Tracker_Id_Text',
        fields: { code: 'Invalid_Code_Text', tracker_ids: trackerKey },
      });
    }
  });

  test('sign-up needs the code and the tracker; the tracker then shows in myinfo and is taken (409)', async () => {
    const code = await tfCode();
    const noTracker = await signUpRequest(t.app, { activation_code: code });
    expect(noTracker.statusCode).toBe(400);
    expect(noTracker.json().fields).toEqual({
      activation_code: 'Invalid_Code_Text',
      tracker_ids: 'GPS_Tracker_ID_Required',
    });

    const noCode = await signUpRequest(t.app, { tracker_ids: [trackers[1]!] });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().fields).toEqual({ activation_code: 'Activation_Code_Text_Required' });

    const unknownTracker = await signUpRequest(t.app, {
      activation_code: code,
      tracker_ids: ['TF-NOT-ISSUED'],
    });
    expect(unknownTracker.statusCode).toBe(400);

    const user = await signUpAndVerify(t, {
      activation_code: code,
      tracker_ids: [trackers[1]!.toLowerCase()],
    });
    const me = await t.app.inject({ method: 'GET', url: '/v1/auth/myinfo', headers: as(user) });
    expect(me.json().tracker_ids).toEqual([trackers[1]]);

    const taken = await verifyCode(t, { code: await tfCode(), tracker_ids: [trackers[1]!] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 'TRACKER_REGISTERED', message: 'GPS_Tracker_Already_Exist' });
    const email = uniqueEmail('taken-tracker');
    const again = await signUpRequest(t.app, {
      email,
      activation_code: await tfCode(),
      tracker_ids: [trackers[1]!],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'TRACKER_REGISTERED', message: 'GPS_Tracker_Already_Exist' });
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});

describe('primepet: sign-up is closed', () => {
  const t = useTestApp({ brand: 'primepet' });

  test('403 SIGNUP_CLOSED pointing to the successor app; nothing stored', async () => {
    const email = uniqueEmail('prime');
    const response = await signUpRequest(t.app, { email });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'SIGNUP_CLOSED', message: 'PrimePet_Merging_Services' });
    expect(await t.database.db.select({ id: users.id }).from(users)).toEqual([]);
  });
});
