import { emergencyInfoSchema } from '@pet/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { TestUser } from '../../../test/support/accounts.ts';
import { redeem } from '../../../test/support/emergency.ts';
import { pdfText } from '../../../test/support/pdf-text.ts';
import { addPet, call } from '../../../test/support/pets.ts';
import { issueCode } from '../../../test/support/plans.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { emergencyCodes } from '../../db/schema/emergency.ts';
import { CODE_ALPHABET } from '../plans/codes.generate.ts';
import { codeTaken } from './emergency.repo.ts';

// The signed-in side of the emergency file (issue 12): the owner's download in both languages, the plan's
// refusals, the password shown on /emergency-data (a redeemed activation code, else a personal one made and
// replaced there) and the printable tag. The public download is in emergency-public.test.ts.

const t = useTestApp();

const PERSONAL_CODE = new RegExp(`^[${CODE_ALPHABET}]{12}$`);

let owner: TestUser;
let pet: { id: string };
beforeAll(async () => {
  owner = await t.user({ plan: 'premium', language: 'de', name: 'Erika Muster' });
  pet = await addPet(t, owner, { name: 'Bello' });
  await addPet(t, owner, { name: 'Mimi', pet_type: 'Cat' });
});

const info = async (user: TestUser) => {
  const answer = await call(t, user, 'GET', '/v1/emergency/info');
  expect(answer.statusCode).toBe(200);
  return emergencyInfoSchema.parse(answer.json());
};

describe('GET /v1/emergency', () => {
  test.each([
    ['en', 'Emergency_File.pdf', 'bearer'],
    ['de', 'Notfallakte.pdf', 'cookie'],
  ] as const)('%s: the PDF as %s, with every pet’s name (%s)', async (language, fileName, via) => {
    const answer = await call(t, owner, 'GET', `/v1/emergency?language=${language}`, undefined, via);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(answer.rawPayload);
    expect(text).toContain('Bello');
    expect(text).toContain('Mimi');
    // The emergency file's own layout in the asked language (emergency-pdf.ts; its content: emergency-file.test.ts).
    expect(text).toContain(language === 'en' ? 'No allergies recorded.' : 'Keine Allergien erfasst.');
    expect(text).toMatch(language === 'en' ? /Page 1 of \d/ : /Seite 1 von \d/);
  });

  test('the language is en or de (400 with the field), and a session is needed (401)', async () => {
    for (const query of ['', '?language=fr']) {
      const answer = await call(t, owner, 'GET', `/v1/emergency${query}`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { language: 'Language_Error' },
      });
    }
    expect((await call(t, null, 'GET', '/v1/emergency?language=en')).statusCode).toBe(401);
  });

  test('a plan without the emergency file: 403 Paid_Service_Text everywhere, and the page says so', async () => {
    const free = await t.user({ plan: 'free' });
    const own = await addPet(t, free, { name: 'Rex' });
    const refusal = { code: 'LIMIT_REACHED', message: 'Paid_Service_Text' };
    for (const [method, url] of [
      ['GET', '/v1/emergency?language=en'],
      ['POST', '/v1/emergency/password'],
      ['GET', `/v1/emergency/tag?pet_id=${own.id}&language=de`],
    ] as const) {
      const answer = await call(t, free, method, url);
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json(), url).toEqual(refusal);
    }
    expect(await info(free)).toEqual({
      may_download: false,
      message: 'Paid_Service_Text',
      password: null,
      password_source: null,
      may_create_password: false,
      downloads: [],
    });
    expect(
      await t.database.db.select().from(emergencyCodes).where(eq(emergencyCodes.userId, free.id)),
    ).toEqual([]);
  });
});

describe('the emergency password', () => {
  test('a personal one is made, shown, and replaced (the old one ends at once)', async () => {
    const user = await t.user({ plan: 'basic' });
    expect(await info(user)).toMatchObject({
      may_download: true,
      message: null,
      password: null,
      password_source: null,
      may_create_password: true,
    });

    const made = await call(t, user, 'POST', '/v1/emergency/password', undefined, 'cookie');
    expect(made.statusCode).toBe(200);
    expect(made.headers['cache-control']).toBe('no-store');
    const first = made.json<{ password: string }>().password;
    expect(first).toMatch(PERSONAL_CODE);
    expect(await info(user)).toMatchObject({ password: first, password_source: 'personal' });

    const second = (await call(t, user, 'POST', '/v1/emergency/password')).json<{ password: string }>()
      .password;
    expect(second).toMatch(PERSONAL_CODE);
    expect(second).not.toBe(first);
    const rows = await t.database.db.select().from(emergencyCodes).where(eq(emergencyCodes.userId, user.id));
    expect(rows.map((row) => row.code)).toEqual([second]);
    expect(await info(user)).toMatchObject({ password: second, may_create_password: true });
  });

  test('a new personal code is unique across activation codes and personal codes', async () => {
    const activation = await issueCode(t.database);
    const user = await t.user({ plan: 'basic' });
    const personal = (await call(t, user, 'POST', '/v1/emergency/password')).json<{ password: string }>()
      .password;
    const db = t.database.db;
    expect(await codeTaken(db, activation)).toBe(true);
    expect(await codeTaken(db, personal)).toBe(true);
    expect(await codeTaken(db, 'ZZZZZZZZZZZZ')).toBe(false);
    // And the database would refuse a second owner of one personal code.
    const other = await t.user({ plan: 'basic' });
    await expect(db.insert(emergencyCodes).values({ userId: other.id, code: personal })).rejects.toThrow();
  });

  test('a redeemed activation code is the password (the newest of several); no personal one then', async () => {
    const user = await t.user();
    const basic = await issueCode(t.database, { product: 'basic' });
    await redeem(t, user, basic.toLowerCase());
    expect(await info(user)).toMatchObject({
      may_download: true,
      password: basic,
      password_source: 'activation_code',
      may_create_password: false,
    });
    const premium = await issueCode(t.database, { product: 'premium' });
    await redeem(t, user, premium);
    expect(await info(user)).toMatchObject({ password: premium, password_source: 'activation_code' });

    const refused = await call(t, user, 'POST', '/v1/emergency/password');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'CONFLICT', message: 'Code_Already_Redeemed' });
  });
});

describe('GET /v1/emergency/tag', () => {
  test('needs an emergency password, then answers the tag of the owner’s pet in both languages', async () => {
    const user = await t.user({ plan: 'premium' });
    const own = await addPet(t, user, { name: 'Luna' });
    const none = await call(t, user, 'GET', `/v1/emergency/tag?pet_id=${own.id}&language=en`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ code: 'NOT_FOUND', message: 'Emergency_Password_Required_Text' });

    expect((await call(t, user, 'POST', '/v1/emergency/password')).statusCode).toBe(200);
    for (const [language, fileName] of [
      ['en', 'Emergency_Tag.pdf'],
      ['de', 'Notfallanhaenger.pdf'],
    ] as const) {
      const answer = await call(t, user, 'GET', `/v1/emergency/tag?pet_id=${own.id}&language=${language}`);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/pdf');
      expect(answer.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
      expect(answer.headers['cache-control']).toBe('no-store');
      const tag = await pdfText(answer.rawPayload);
      expect(tag).toContain('Luna');
      // The tag's own words in both languages (emergency-tag.ts).
      expect(tag).toContain('Gefunden? Bitte scannen');
    }
  });

  test('another user’s pet answers 404 like a missing one', async () => {
    const stranger = await t.user({ plan: 'premium' });
    expect((await call(t, stranger, 'POST', '/v1/emergency/password')).statusCode).toBe(200);
    const theirs = await call(t, stranger, 'GET', `/v1/emergency/tag?pet_id=${pet.id}&language=en`);
    const missing = await call(t, stranger, 'GET', '/v1/emergency/tag?pet_id=no-such-pet&language=en');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ code: 'NOT_FOUND', message: 'Not_Found_Text' });
    expect(missing.json()).toEqual(theirs.json());
  });
});

describe('animal-care: a sequence-0 product never downloads the emergency file', () => {
  const ac = useTestApp({ brand: 'animal-care' });

  test('403 Download_Not_Allowed_Text, and the page says so', async () => {
    const user = await ac.user({ plan: 'free' });
    const answer = await call(ac, user, 'GET', '/v1/emergency?language=de');
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ code: 'LIMIT_REACHED', message: 'Download_Not_Allowed_Text' });
    const page = emergencyInfoSchema.parse((await call(ac, user, 'GET', '/v1/emergency/info')).json());
    expect(page).toMatchObject({ may_download: false, message: 'Download_Not_Allowed_Text' });
    const paying = await ac.user({ plan: 'basic' });
    expect((await call(ac, paying, 'GET', '/v1/emergency?language=de')).statusCode).toBe(200);
  });
});
