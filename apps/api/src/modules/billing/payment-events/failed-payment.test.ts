import { apiPaths } from '@pet/shared/paths';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { as } from '../../../../test/support/accounts.ts';
import {
  card,
  changeRequest,
  confirm,
  deliverSandboxEvents,
  orderBody,
  orderReaches,
  piOf,
  placeOrder,
  sepa,
} from '../../../../test/support/billing.ts';
import { couponUse, makeCoupon } from '../../../../test/support/coupons.ts';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { sandboxPaymentIntents } from '../../../db/schema/index.ts';

// A failed payment (event payment.failed) with the sandbox provider: the order fails, its payment is stopped
// at the provider (the browser's secret can pay nothing more), and a coupon it carried is not used up.
// The Stripe side of the same rule is in stripe-checkout.test.ts.

const t = useTestApp({ env: { SANDBOX_SEPA_SETTLE_MS: '300' } });

beforeAll(async () => {
  await deliverSandboxEvents(t);
});

async function intentStatus(secret: string) {
  const [intent] = await t.database.db
    .select()
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.id, piOf(secret)));
  return intent?.status;
}

/** The intent is canceled once the failed event was applied (after its transaction). */
async function intentCanceled(secret: string, timeoutMs = 5_000) {
  const until = Date.now() + timeoutMs;
  while ((await intentStatus(secret)) !== 'canceled' && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return intentStatus(secret);
}

describe('a declined card', () => {
  test('fails the order, cancels the intent and leaves the coupon unused', async () => {
    const user = await t.user();
    const coupon = await makeCoupon(t.database, { percentOff: 10 });
    const placed = await placeOrder(t, user, 'premium', { coupon_id: coupon.id });
    const declined = await confirm(t, placed.secret, card('4000000000000002'));
    expect(declined.body.error).toMatchObject({ code: 'card_declined' });

    expect((await orderReaches(t, placed.order_id, 'failed')).failureCode).toBe('generic_decline');
    expect(await intentCanceled(placed.secret)).toBe('canceled');
    // The browser's secret can pay nothing more for the failed order.
    const retried = await confirm(t, placed.secret, card('4242424242424242'));
    expect(retried.body.error).toMatchObject({ code: 'payment_intent_unexpected_state' });

    expect(await couponUse(t.database, coupon.id)).toEqual({ timesRedeemed: 0, redemptions: [] });
    const check = await t.app.inject({
      method: 'POST',
      url: apiPaths.couponIsValid,
      headers: as(user),
      payload: {
        code_name: coupon.code,
        email: user.email,
        duration: 'monthly',
        product_id: (await orderBody(t, 'premium')).product_id,
        coupon_for: 'existing_customer',
      },
    });
    expect(check.json().codes[0]).toMatchObject({ isvalid: true, coupon_id: coupon.id });
    const again = await changeRequest(t, user, await orderBody(t, 'premium', { coupon_id: coupon.id }));
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('a SEPA debit that fails after processing', () => {
  test('fails the order and cancels the intent', async () => {
    const user = await t.user();
    const placed = await placeOrder(t, user, 'basic', { payment_method: 'sepa' });
    const result = await confirm(t, placed.secret, sepa('DE62370400440532013001'));
    expect(result.body.paymentIntent?.status).toBe('processing');
    expect((await orderReaches(t, placed.order_id, 'failed')).failureCode).toBe('sepa_debit_failed');
    expect(await intentCanceled(placed.secret)).toBe('canceled');
  });
});
