import { BRAND_IDS, brandConfig, myInfoSchema, productListResponseSchema } from '@pet/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { as } from '../../../test/support/accounts.ts';
import { membershipRow, productOf } from '../../../test/support/plans.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { products } from '../../db/schema/index.ts';
import { seedCatalogues } from './catalogue.service.ts';
import { loadCatalogue } from './catalogue.ts';

const t = useTestApp();

function productList(query = '', headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: `/v1/subscription/product/list${query}`, headers });
}

describe('GET /v1/subscription/product/list', () => {
  test("answers this server's partner by default: data by sequence and order_placed null", async () => {
    const response = await productList();
    expect(response.statusCode).toBe(200);
    const body = productListResponseSchema.parse(response.json());
    expect(body.order_placed).toBeNull();
    expect(body.data.map((p) => [p.sequence, p.name, p.is_default])).toEqual([
      [0, 'Free', true],
      [1, 'Basic', false],
      [2, 'Premium', false],
      [3, 'Premium GPS', false],
    ]);
    expect(body.data[3]).toMatchObject({
      partner_id: 'petention',
      key: 'premium-gps',
      pets_limit: 10,
      documents_limit: 100,
      appointments: true,
      medical: true,
      emergency_file: true,
      gps_tracking: true,
      monthly_price: 7.99,
      yearly_price: 79.99,
      tracker_price: 49.95,
      duration: null,
      internal_note: null,
      monthly_price_id: expect.any(String),
      yearly_price_id: expect.any(String),
      stripe_id: expect.any(String),
    });
  });

  test.each(BRAND_IDS)('lists the catalogue of partner %s as seeded', async (brand) => {
    const partnerId = brandConfig(brand).partnerId;
    const response = await productList(`?partner_id=${partnerId}`);
    expect(response.statusCode).toBe(200);
    const catalogue = await loadCatalogue(brand);
    const listed = response.json().data as Array<{ key: string; partner_id: string }>;
    expect(listed.map((p) => p.key)).toEqual(catalogue.products.map((p) => p.key));
    expect(new Set(listed.map((p) => p.partner_id))).toEqual(new Set([partnerId]));
  });

  test('hunde-schutz adds Premium Plus; tier-fritz sells BASIS 1/12/24 with GPS above its free plan', async () => {
    const hunde = (await productList('?partner_id=hunde-schutz')).json().data;
    expect(hunde.at(-1)).toMatchObject({ sequence: 4, name: 'Premium Plus', pets_limit: 15 });
    const fritz = (await productList('?partner_id=tier-fritz')).json().data as Array<Record<string, unknown>>;
    expect(fritz.map((p) => [p.name, p.duration, p.gps_tracking])).toEqual([
      ['Free', null, false],
      ['BASIS 1', 1, true],
      ['BASIS 12', 12, true],
      ['BASIS 24', 24, true],
    ]);
  });

  test('400 for an unknown partner', async () => {
    const response = await productList('?partner_id=acme');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { partner_id: 'Invalid_Value_Error' },
    });
  });

  test('accepts a signed-in caller (bearer) and answers the same list', async () => {
    const user = await t.user();
    const signedIn = await productList('', as(user, 'bearer'));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual((await productList()).json());
  });

  test('inactive products are not listed', async () => {
    await t.database.db
      .update(products)
      .set({ active: false })
      .where(and(eq(products.partnerId, 'primepet'), eq(products.key, 'basic')));
    const keys = (await productList('?partner_id=primepet')).json().data.map((p: { key: string }) => p.key);
    expect(keys).toEqual(['free', 'premium', 'premium-gps']);
  });
});

describe('the catalogue seed', () => {
  test('inserts missing keys only: operator edits stand, a deleted key comes back', async () => {
    expect(await seedCatalogues(t.database.db)).toBe(0);
    const basic = await productOf(t.database, 'animal-care', 'basic');
    await t.database.db
      .update(products)
      .set({ yearlyPrice: 19.99, name: 'Basic (edited)' })
      .where(eq(products.id, basic.id));
    await t.database.db
      .delete(products)
      .where(and(eq(products.partnerId, 'animal-care'), eq(products.key, 'premium-gps')));
    expect(await seedCatalogues(t.database.db)).toBe(1);
    expect(await productOf(t.database, 'animal-care', 'basic')).toMatchObject({
      yearlyPrice: 19.99,
      name: 'Basic (edited)',
    });
    expect((await productOf(t.database, 'animal-care', 'premium-gps')).gpsTracking).toBe(true);
  });

  test('never makes a second default when the operator moved the flag', async () => {
    const free = await productOf(t.database, 'hunde-schutz', 'free');
    const basic = await productOf(t.database, 'hunde-schutz', 'basic');
    await t.database.db.update(products).set({ isDefault: false }).where(eq(products.id, free.id));
    await t.database.db.update(products).set({ isDefault: true }).where(eq(products.id, basic.id));
    await t.database.db.delete(products).where(eq(products.id, free.id));
    expect(await seedCatalogues(t.database.db)).toBe(1);
    expect((await productOf(t.database, 'hunde-schutz', 'free')).isDefault).toBe(false);
    expect((await productOf(t.database, 'hunde-schutz', 'basic')).isDefault).toBe(true);
  });
});

describe('default plan at sign-up', () => {
  test('a new user without a code is on the default plan, written in the sign-up transaction', async () => {
    const user = await t.user();
    const row = await membershipRow(t.database, user.id);
    const free = await productOf(t.database, 'petention', 'free');
    expect(row).toMatchObject({
      productId: free.id,
      productAssociated: false,
      isPromo: false,
      isGift: false,
      isTrial: false,
      activationCodeType: null,
      activationCodeId: null,
    });
    const me = myInfoSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/v1/auth/myinfo', headers: as(user) })).json(),
    );
    expect(me.product).toEqual({
      id: free.id,
      name: 'Free',
      sequence: 0,
      internal_note: null,
      is_default: true,
      pets_limit: 1,
      documents_limit: 5,
      appointments: false,
      medical: false,
      emergency_file: false,
      gps_tracking: false,
      duration: null,
      monthly_price: 0,
      yearly_price: 0,
    });
    expect(me).toMatchObject({
      product_associated: false,
      is_promo: false,
      is_gift: false,
      is_trial: false,
      trial_months: null,
      trial_ends_at: null,
      activation_code_type: null,
    });
  });
});
