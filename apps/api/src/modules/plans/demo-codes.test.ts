import { readFile } from 'node:fs/promises';
import { apiPaths } from '@pet/shared/paths';
import { describe, expect, test } from 'vitest';
import { publicDownload, redeem } from '../../../test/support/emergency.ts';
import { addPet } from '../../../test/support/pets.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { codesSeedFile, retireDemoCodes } from './codes.seed.ts';

// The demo's activation codes are public (db/seed/codes.<brand>.json): a production start retires them
// (server.ts, issue 29). A redeemed one was its owner's emergency password, which anyone could then use.

const t = useTestApp({ seedCodes: true });

async function demoCodes(): Promise<string[]> {
  const seed = JSON.parse(await readFile(codesSeedFile('petention'), 'utf8')) as {
    codes: { code: string }[];
  };
  return seed.codes.map((entry) => entry.code);
}

const verify = (code: string) =>
  t.app.inject({ method: 'POST', url: apiPaths.verifyCode, payload: { code }, remoteAddress: '10.9.0.1' });

describe('retireDemoCodes', () => {
  test('a redeemed demo code opens nobody’s emergency file after it, an unused one answers as unknown', async () => {
    const [redeemed, unused] = await demoCodes();
    const owner = await t.user();
    await addPet(t, owner, { name: 'Bello' });
    await redeem(t, owner, redeemed!);
    expect((await publicDownload(t, { activation_code: redeemed!, language: 'en' })).statusCode).toBe(200);
    expect((await verify(unused!)).statusCode).toBe(200);

    expect(await retireDemoCodes(t.database.db, 'petention', new Date())).toMatchObject({
      batchRevoked: true,
      codesDeleted: (await demoCodes()).length - 1,
    });
    const refused = await publicDownload(t, { activation_code: redeemed!, language: 'en' });
    expect(refused.statusCode).toBe(404);
    expect((await verify(unused!)).json()).toMatchObject({ code: 'CODE_INVALID' });
    // The owner keeps the plan the code gave.
    const me = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/myinfo',
      headers: { cookie: owner.cookie },
    });
    expect(me.json()).toMatchObject({ product: { name: 'Premium', is_default: false } });
    // A second production start finds nothing left to do.
    expect(await retireDemoCodes(t.database.db, 'petention', new Date())).toEqual({
      batchRevoked: false,
      codesDeleted: 0,
      trackersRemoved: 0,
    });
  });
});
