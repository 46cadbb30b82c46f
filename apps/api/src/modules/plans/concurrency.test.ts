import { eq, inArray } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { as, nextIp, signUpRequest, uniqueEmail } from '../../../test/support/accounts.ts';
import { issueCode, issueCodes, issueTrackers, productOf } from '../../../test/support/plans.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { activationCodes, gpsTrackers, userPlans, users } from '../../db/schema/index.ts';

// Redemption is atomic on both databases: the code's row (and the tracker's) is locked by the first
// transaction, and the conditional UPDATE ... WHERE redeemed_at IS NULL / user_id IS NULL decides.

const N = 20;

function countBy(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe('one code, 20 at once', () => {
  const t = useTestApp();

  test('20 concurrent redemptions (change/apply): exactly one 200, nineteen 477', async () => {
    const people = [];
    for (let i = 0; i < N; i++) people.push(await t.user());
    const code = await issueCode(t.database, { product: 'premium' });
    const responses = await Promise.all(
      people.map((user) =>
        t.app.inject({
          method: 'POST',
          url: '/v1/subscription/change/apply',
          remoteAddress: nextIp(),
          headers: as(user, 'bearer'),
          payload: { activation_code: code },
        }),
      ),
    );
    expect(countBy(responses.map((r) => r.statusCode))).toEqual({ 200: 1, 477: N - 1 });
    for (const response of responses.filter((r) => r.statusCode === 477)) {
      expect(response.json()).toEqual({ code: 'CODE_REDEEMED', message: 'Code_Already_Redeemed' });
    }
    const winner = people[responses.findIndex((r) => r.statusCode === 200)]!;
    const [row] = await t.database.db.select().from(activationCodes).where(eq(activationCodes.code, code));
    expect(row?.redeemedBy).toBe(winner.id);
    const premium = await productOf(t.database, 'petention', 'premium');
    const onPremium = await t.database.db
      .select({ userId: userPlans.userId })
      .from(userPlans)
      .where(
        inArray(
          userPlans.userId,
          people.map((p) => p.id),
        ),
      );
    expect(onPremium).toHaveLength(N);
    const premiumUsers = await t.database.db
      .select({ userId: userPlans.userId })
      .from(userPlans)
      .where(eq(userPlans.productId, premium.id));
    expect(premiumUsers.map((r) => r.userId)).toEqual([winner.id]);
  });

  test('20 concurrent sign-ups with one code: exactly one account (201), nineteen 433', async () => {
    const code = await issueCode(t.database, { product: 'basic' });
    const emails = Array.from({ length: N }, () => uniqueEmail('race'));
    const responses = await Promise.all(
      emails.map((email) => signUpRequest(t.app, { email, activation_code: code })),
    );
    expect(countBy(responses.map((r) => r.statusCode))).toEqual({ 201: 1, 433: N - 1 });
    const made = await t.database.db.select({ id: users.id }).from(users).where(inArray(users.email, emails));
    expect(made).toHaveLength(1);
    const [row] = await t.database.db.select().from(activationCodes).where(eq(activationCodes.code, code));
    expect(row?.redeemedBy).toBe(made[0]!.id);
  });
});

describe('tier-fritz: one tracker, 20 registrations at once', () => {
  const t = useTestApp({ brand: 'tier-fritz' });

  test('exactly one account gets the tracker (201); the others answer 409 and leave nothing behind', async () => {
    const [tracker] = await issueTrackers(t.database, 1);
    const { codes } = await issueCodes(t.database, { brand: 'tier-fritz', product: 'basis-12', count: N });
    const emails = codes.map(() => uniqueEmail('tracker-race'));
    const responses = await Promise.all(
      codes.map((code, i) =>
        signUpRequest(t.app, { email: emails[i]!, activation_code: code, tracker_ids: [tracker!] }),
      ),
    );
    expect(countBy(responses.map((r) => r.statusCode))).toEqual({ 201: 1, 409: N - 1 });
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json()).toEqual({ code: 'TRACKER_REGISTERED', message: 'GPS_Tracker_Already_Exist' });
    }
    const made = await t.database.db.select({ id: users.id }).from(users).where(inArray(users.email, emails));
    expect(made).toHaveLength(1);
    const [row] = await t.database.db.select().from(gpsTrackers).where(eq(gpsTrackers.trackerId, tracker!));
    expect(row?.userId).toBe(made[0]!.id);
    const redeemed = await t.database.db
      .select({ code: activationCodes.code, redeemedBy: activationCodes.redeemedBy })
      .from(activationCodes)
      .where(inArray(activationCodes.code, codes));
    expect(redeemed.filter((c) => c.redeemedBy !== null).map((c) => c.redeemedBy)).toEqual([made[0]!.id]);
  });
});
