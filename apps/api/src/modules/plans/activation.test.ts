import { brandConfig, daysFromToday, myInfoSchema, textKeyFor476 } from '@pet/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  as,
  nextIp,
  quickUser,
  signUpRequest,
  type TestUser,
  uniqueEmail,
} from '../../../test/support/accounts.ts';
import { issueCode, issueCodes, membershipRow, productOf } from '../../../test/support/plans.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { activationCodeBatches, activationCodes, products } from '../../db/schema/index.ts';
import { addMonths } from '../../lib/dates.ts';
import { upsertCatalogue } from './catalogue.service.ts';
import { findCodeRecord, normalizeCode } from './codes.repo.ts';
import { assertMayDowngrade } from './entitlements.service.ts';

const t = useTestApp();

function apply(user: TestUser | null, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/subscription/change/apply',
    remoteAddress: nextIp(),
    headers: user ? as(user, 'bearer') : {},
    payload,
  });
}

function verifyCode(code: string) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/auth/verifycode',
    remoteAddress: nextIp(),
    payload: { code },
  });
}

async function myInfo(user: TestUser) {
  const response = await t.app.inject({ method: 'GET', url: '/v1/auth/myinfo', headers: as(user, 'bearer') });
  return myInfoSchema.parse(response.json());
}

async function codeRow(code: string) {
  const record = await findCodeRecord(t.database.db, code, { lock: false });
  return record?.code;
}

/** yyyy-MM-dd, `offsetDays` from today on the server's (UTC) calendar. */
const day = (offsetDays: number) => daysFromToday(offsetDays, { timeZone: 'UTC', iso: true });

describe('POST /v1/subscription/change/apply: success', () => {
  test('200 with the new myinfo: the code’s product, associated, type standard; the code is used', async () => {
    const user = await t.user();
    const code = await issueCode(t.database, { product: 'basic' });
    const response = await apply(user, { activation_code: ` ${code.toLowerCase()} ` });
    expect(response.statusCode).toBe(200);
    const body = myInfoSchema.parse(response.json());
    expect(body).toMatchObject({
      id: user.id,
      product: { name: 'Basic', sequence: 1, pets_limit: 3, documents_limit: 20, appointments: true },
      product_associated: true,
      is_promo: false,
      is_gift: false,
      is_trial: false,
      activation_code_type: 'standard',
    });
    const row = await codeRow(code);
    expect(row?.redeemedBy).toBe(user.id);
    expect(row?.redeemedAt).toBeInstanceOf(Date);
    expect((await membershipRow(t.database, user.id))?.activationCodeId).toBe(row?.id);
  });

  test('204 (nothing redeemed) when the user already holds that product through a code; another product applies', async () => {
    const user = await t.user();
    expect((await apply(user, { activation_code: await issueCode(t.database) })).statusCode).toBe(200);
    const samePlan = await issueCode(t.database);
    const again = await apply(user, { activation_code: samePlan });
    expect(again.statusCode).toBe(204);
    expect(again.body).toBe('');
    expect((await codeRow(samePlan))?.redeemedAt).toBeNull();
    const other = await apply(user, {
      activation_code: await issueCode(t.database, { product: 'premium-gps' }),
    });
    expect(other.statusCode).toBe(200);
    expect(other.json().product.name).toBe('Premium GPS');
  });

  test('promo: is_promo and the product’s internal_note Promo', async () => {
    await upsertCatalogue(t.database.db, {
      partner_id: 'petention',
      products: [
        {
          key: 'premium-promo',
          name: 'Premium Promo',
          sequence: 2,
          is_default: false,
          pets_limit: 6,
          documents_limit: 100,
          appointments: true,
          medical: true,
          emergency_file: true,
          gps_tracking: false,
          monthly_price: 0,
          yearly_price: 24.99,
          monthly_price_id: null,
          yearly_price_id: 'price_petention_premium_promo_yearly',
          stripe_id: null,
          duration: 12,
          internal_note: 'Promo',
          tracker_price: null,
          active: true,
        },
      ],
    });
    const user = await t.user();
    const code = await issueCode(t.database, { product: 'premium-promo', type: 'promo' });
    const body = myInfoSchema.parse((await apply(user, { activation_code: code })).json());
    expect(body).toMatchObject({
      product: { name: 'Premium Promo', internal_note: 'Promo' },
      product_associated: true,
      is_promo: true,
      is_gift: false,
      is_trial: false,
      activation_code_type: 'promo',
    });
  });

  test('gift: is_gift, and the entitlements refuse a downgrade (403 Downgrade_Not_Possible_Text)', async () => {
    const user = await t.user();
    const code = await issueCode(t.database, { type: 'gift' });
    const body = myInfoSchema.parse((await apply(user, { activation_code: code })).json());
    expect(body).toMatchObject({ is_gift: true, is_promo: false, activation_code_type: 'gift' });
    await expect(assertMayDowngrade(t.database.db, brandConfig('petention'), user.id)).rejects.toMatchObject({
      status: 403,
      code: 'LIMIT_REACHED',
      message: 'Downgrade_Not_Possible_Text',
    });
  });

  test('trial: is_trial, trial_months, trial_ends_at, and its end job created with the redemption', async () => {
    const user = await t.user();
    const code = await issueCode(t.database, { type: 'trial', months: 3 });
    const before = new Date();
    const body = myInfoSchema.parse((await apply(user, { activation_code: code })).json());
    expect(body).toMatchObject({ is_trial: true, trial_months: 3, activation_code_type: 'trial' });
    const endsAt = new Date(body.trial_ends_at!);
    expect(endsAt.getTime()).toBeGreaterThanOrEqual(addMonths(before, 3).getTime());
    expect(endsAt.getTime()).toBeLessThan(addMonths(new Date(), 3).getTime() + 1000);
    const row = await membershipRow(t.database, user.id);
    const job = await jobRow(row!.trialJobId!);
    expect(job).toMatchObject({ name: 'plans.trial-end', state: 'created' });
    expect(new Date(job!.start_after).getTime()).toBe(endsAt.getTime());
    expect(job!.data).toMatchObject({ userId: user.id, endsAt: endsAt.toISOString() });

    // A later code replaces the trial and cancels its job.
    const standard = await apply(user, {
      activation_code: await issueCode(t.database, { product: 'basic' }),
    });
    expect(standard.json()).toMatchObject({ is_trial: false, trial_months: null, trial_ends_at: null });
    expect((await jobRow(row!.trialJobId!))?.state).toBe('cancelled');
    expect((await membershipRow(t.database, user.id))?.trialJobId).toBeNull();
  });
});

async function jobRow(id: string) {
  const result = await t.database.db.execute(
    sql`select name, state, start_after, data from pgboss.job where id = ${id}`,
  );
  const rows = (
    result as unknown as {
      rows: Array<{ name: string; state: string; start_after: string; data: Record<string, unknown> }>;
    }
  ).rows;
  return rows[0];
}

describe('POST /v1/subscription/change/apply: refusals change nothing', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await t.user();
  });

  async function expectUnchanged() {
    const me = await myInfo(user);
    expect(me).toMatchObject({
      product: { name: 'Free' },
      product_associated: false,
      activation_code_type: null,
    });
  }

  test('401 without a session; 400 without a code', async () => {
    expect((await apply(null, { activation_code: 'ANYTHING1234' })).statusCode).toBe(401);
    const empty = await apply(user, { activation_code: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ fields: { activation_code: 'Activation_Code_Text_Required' } });
    expect((await apply(user, {})).statusCode).toBe(400);
  });

  test('470 Wrong_Code_Text for an unknown code', async () => {
    const response = await apply(user, { activation_code: 'NOSUCHCODE99' });
    expect(response.statusCode).toBe(470);
    expect(response.json()).toEqual({ code: 'CODE_INVALID', message: 'Wrong_Code_Text' });
    await expectUnchanged();
  });

  test('477 Code_Already_Redeemed for a code someone else used (433 on verifycode)', async () => {
    const code = await issueCode(t.database);
    expect((await apply(await t.user(), { activation_code: code })).statusCode).toBe(200);
    const response = await apply(user, { activation_code: code });
    expect(response.statusCode).toBe(477);
    expect(response.json()).toEqual({ code: 'CODE_REDEEMED', message: 'Code_Already_Redeemed' });
    expect((await verifyCode(code)).statusCode).toBe(433);
    await expectUnchanged();
  });

  test('478 Batch_Code_Does_Not_Exist_Text for a revoked batch and for a code without a batch', async () => {
    const { batch, codes } = await issueCodes(t.database, { count: 1 });
    await t.database.db
      .update(activationCodeBatches)
      .set({ revokedAt: new Date() })
      .where(eq(activationCodeBatches.id, batch.id));
    await t.database.db.insert(activationCodes).values({ id: 'orphan-code', code: 'ORPHANCODE23' });
    for (const code of [codes[0]!, 'ORPHANCODE23']) {
      const response = await apply(user, { activation_code: code });
      expect(response.statusCode).toBe(478);
      expect(response.json()).toEqual({ code: 'BATCH_NOT_FOUND', message: 'Batch_Code_Does_Not_Exist_Text' });
      expect((await verifyCode(code)).statusCode).toBe(478);
    }
    await expectUnchanged();
  });

  test('471 Product_Not_Attached_Text for an inactive product and for another partner’s code', async () => {
    const inactive = await issueCode(t.database, { product: 'premium-gps' });
    const gps = await productOf(t.database, 'petention', 'premium-gps');
    await t.database.db.update(products).set({ active: false }).where(eq(products.id, gps.id));
    const foreign = await issueCode(t.database, { brand: 'hunde-schutz', product: 'premium' });
    try {
      for (const code of [inactive, foreign]) {
        const response = await apply(user, { activation_code: code });
        expect(response.statusCode).toBe(471);
        expect(response.json()).toEqual({
          code: 'PRODUCT_NOT_ATTACHED',
          message: 'Product_Not_Attached_Text',
        });
        expect((await verifyCode(code)).statusCode).toBe(471);
        expect((await codeRow(code))?.redeemedAt).toBeNull();
      }
    } finally {
      await t.database.db.update(products).set({ active: true }).where(eq(products.id, gps.id));
    }
    await expectUnchanged();
  });

  test('476 with the messages the web maps: expired, and not valid yet', async () => {
    const expired = await issueCode(t.database, { validFrom: day(-30), validTo: day(-2) });
    const early = await issueCode(t.database, { validFrom: day(2), validTo: day(30) });
    const cases: Array<[string, string, string]> = [
      [expired, 'CODE_EXPIRED', 'Code_Expired_Text'],
      [early, 'CODE_NOT_YET_VALID', 'Validity_not_started_yet'],
    ];
    for (const [code, errorCode, textKey] of cases) {
      const response = await apply(user, { activation_code: code });
      expect(response.statusCode).toBe(476);
      expect(response.json().code).toBe(errorCode);
      expect(textKeyFor476(response.json().message, 'activation')).toBe(textKey);
      expect((await verifyCode(code)).statusCode).toBe(476);
    }
    expect(textKeyFor476('Code Expired', 'activation')).toBe('Code_Expired_Text');
    // Inside its window (the last day included) the code works.
    const lastDay = await issueCode(t.database, { validFrom: day(-3), validTo: day(1) });
    expect((await verifyCode(lastDay)).statusCode).toBe(200);
    await expectUnchanged();
  });
});

describe('sign-up with a code', () => {
  test('lands on the code’s plan in the sign-up transaction', async () => {
    const code = await issueCode(t.database, { product: 'premium-gps' });
    const user = await quickUser(t, { activation_code: code });
    const me = await myInfo(user);
    expect(me).toMatchObject({
      product: { name: 'Premium GPS', gps_tracking: true },
      product_associated: true,
      activation_code_type: 'standard',
    });
    expect((await codeRow(code))?.redeemedBy).toBe(user.id);
  });

  test('a trial code at sign-up: trial fields and its job', async () => {
    const code = await issueCode(t.database, { type: 'trial', months: 1 });
    const user = await quickUser(t, { activation_code: code });
    const me = await myInfo(user);
    expect(me).toMatchObject({ is_trial: true, trial_months: 1, product: { name: 'Premium' } });
    const row = await membershipRow(t.database, user.id);
    expect((await jobRow(row!.trialJobId!))?.state).toBe('created');
  });

  test('476, 478 and 471 refuse the sign-up and leave no account', async () => {
    const expired = await issueCode(t.database, { validTo: day(-2) });
    const { batch, codes } = await issueCodes(t.database);
    await t.database.db
      .update(activationCodeBatches)
      .set({ revokedAt: new Date() })
      .where(eq(activationCodeBatches.id, batch.id));
    const foreign = await issueCode(t.database, { brand: 'tier-fritz', product: 'basis-1' });
    for (const [code, status] of [
      [expired, 476],
      [codes[0]!, 478],
      [foreign, 471],
    ] as const) {
      const email = uniqueEmail('refused');
      const response = await signUpRequest(t.app, { email, activation_code: code });
      expect(response.statusCode).toBe(status);
      const exists = await t.database.db.execute(sql`select 1 from users where email = ${email}`);
      expect((exists as unknown as { rows: unknown[] }).rows).toEqual([]);
      expect((await codeRow(normalizeCode(code)))?.redeemedAt).toBeNull();
    }
  });
});
