// Buying a plan (issue 13) on the sandbox provider, in the user's language: step 1 (the plans), step 2 (the
// period, the prices with a coupon, card or SEPA, the billing address, the terms), the payment with Stripe's
// test numbers (success, declined, 3-D Secure) and the SEPA debit that settles later (SANDBOX_SEPA_SETTLE_MS
// in playwright.config.ts), the successful page that waits for the payment event, an open order blocking
// another, the bills with the invoice PDF; tier-fritz's breakdown with the tracker and no coupon, and
// primepet, which takes no orders.
// Users, coupons and the orders a journey starts from are seeded through the API (fixtures/billing.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brandConfig, formatEuro } from '@pet/shared';
import { apiPaths, paths } from '@pet/shared/paths';
import {
  checkoutByCard,
  checkoutPage,
  confirmSepa,
  fillAddress,
  fillCard,
  myOrders,
  paidOrder,
  planCard,
  productNamed,
  requestOrder,
  seedCoupon,
  successfulPage,
  TEST_CARDS,
  TEST_IBANS,
} from '../fixtures/billing.ts';
import { pdfText } from '../fixtures/emergency.ts';
import { expect, test } from '../fixtures/index.ts';
import { claimFreeCode, myInfo } from '../fixtures/plans.ts';
import { SCREENSHOTS_DIR, TAKE_SCREENSHOTS } from '../fixtures/servers.ts';

const NAMES = { en: 'Alex Walker', de: 'Erika Mustermann' } as const;

/** The successful page waits for the payment event (it polls every 3 s); a SEPA debit settles after 3 s more. */
const ACTIVATION = { timeout: 30_000 };

test('free → Premium yearly by card with a coupon: the discounted total, the plan active, the bill', async ({
  page,
  api,
  t,
  lang,
  shot,
}) => {
  test.slow();
  await api.seededUser(page.request, { name: NAMES[lang] });
  const coupon = await seedCoupon(page.request, api.origin, 10);
  const form = checkoutPage(page, t);

  await page.goto(paths.subscription);
  const premium = planCard(page, 'Premium');
  await expect(premium.button).toHaveText(t('billing:plans.choose'));
  await expect(planCard(page, 'Free').button).toBeDisabled();
  await shot('checkout-step1');
  await premium.button.click();

  await expect(page).toHaveURL(/\/my-account\/subscription\/checkout\?product=/);
  await expect(form.heading).toBeVisible();
  // Yearly is the default where the plan has a yearly price: 49,99 €.
  await expect(form.line(t('billing:checkout.planPrice'))).toContainText(formatEuro(4999));
  await form.coupon.fill(coupon.toLowerCase());
  await form.applyCoupon.click();
  await expect(form.couponApplied).toBeVisible();
  await expect(page.getByText(coupon, { exact: true })).toBeVisible();
  // 10 % of 49,99 € is 5,00 € (rounded to the cent as Stripe does).
  await expect(form.line(t('billing:checkout.discount'))).toContainText(formatEuro(-500));
  await expect(form.line(t('billing:checkout.total'))).toContainText(formatEuro(4499));
  await expect(form.pay).toHaveText(t('billing:checkout.payAmount', { amount: formatEuro(4499) }));

  await fillCard(page, t, TEST_CARDS.success);
  await fillAddress(page, t);
  await shot('checkout-step2-card');
  // A slow line: the successful page's code and the user's data come late, after the payment event has
  // activated the plan. Step 2 must not send the user back to step 1 meanwhile (its plan is now "current").
  await page.route('**/assets/SubscriptionSuccessfulPage-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await route.continue();
  });
  await page.route(`**${apiPaths.myInfo}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.continue();
  });
  await form.pay.click();

  await expect(page).toHaveURL(/\/my-account\/subscription\/successful\?order=.+&method=card$/);
  const done = successfulPage(page, t);
  await expect(done.heading).toBeVisible();
  await expect(done.active('Premium')).toBeVisible(ACTIVATION);
  await shot('checkout-successful');
  expect((await myInfo(page.request, api.origin)).product?.name).toBe('Premium');

  await page.goto(paths.bills);
  const [order] = await myOrders(page.request, api.origin);
  expect(order).toMatchObject({
    product_name: 'Premium',
    status: 'paid',
    coupon_code: coupon,
    pay_type: 'yearly',
  });
  const row = page.getByRole('listitem', { name: t('billing:bills.order', { number: order!.order_number }) });
  await expect(row).toContainText('Premium');
  await expect(row).toContainText(formatEuro(4499));
  await expect(row).toContainText(t('billing:bills.status.paid'));
  await shot('checkout-bills');
});

test('SEPA direct debit: in progress first, the plan active once the debit has settled', async ({
  page,
  api,
  t,
  lang,
  brand,
  shot,
}) => {
  test.slow();
  await api.seededUser(page.request, { name: NAMES[lang] });
  const basic = await productNamed(page.request, api.origin, brandConfig(brand).partnerId, 'Basic');
  const form = checkoutPage(page, t);

  await page.goto(`${paths.checkout}?product=${basic.id}`);
  await expect(form.heading).toBeVisible();
  await form.method('sepa').check();
  await expect(page.getByText(t('billing:payment.mandate'))).toBeVisible();
  await form.iban.fill(TEST_IBANS.success);
  await fillAddress(page, t);
  await shot('checkout-step2-sepa');
  await form.pay.click();

  await expect(page).toHaveURL(/\/my-account\/subscription\/successful\?order=.+&method=sepa$/);
  const done = successfulPage(page, t);
  await expect(done.sepa).toBeVisible();
  await shot('checkout-successful-sepa');
  await expect(done.active('Basic')).toBeVisible(ACTIVATION);
  const [order] = await myOrders(page.request, api.origin);
  expect(order).toMatchObject({ product_name: 'Basic', status: 'paid', payment_type: 'sepa' });
});

test('a declined card: the mapped message, the order removed, and a new order can be placed', async ({
  page,
  api,
  t,
  lang,
  brand,
  shot,
}) => {
  test.slow();
  await api.seededUser(page.request, { name: NAMES[lang] });
  const premium = await productNamed(page.request, api.origin, brandConfig(brand).partnerId, 'Premium');
  const form = checkoutPage(page, t);

  await checkoutByCard(page, t, premium.id, TEST_CARDS.declined);
  const withdrawn = page.waitForResponse((r) => r.url().includes(apiPaths.orderDelete));
  await form.pay.click();
  await expect(page.getByText(t('errors:Card_Declined_Text'))).toBeVisible();
  expect((await withdrawn).status()).toBeLessThan(300);
  await shot('checkout-declined');
  expect(await myOrders(page.request, api.origin)).toEqual([]);

  await page.goto(paths.bills);
  await expect(page.getByText(t('errors:No_Orders_Text'))).toBeVisible();

  // Nothing blocks the next order: the success card goes through.
  await checkoutByCard(page, t, premium.id, TEST_CARDS.success);
  await expect(form.pay).toBeEnabled();
  await form.pay.click();
  await expect(successfulPage(page, t).active('Premium')).toBeVisible(ACTIVATION);
});

test('3-D Secure: the simulated challenge, authenticated, activates the plan', async ({
  page,
  api,
  t,
  lang,
  brand,
  shot,
}) => {
  test.slow();
  await api.seededUser(page.request, { name: NAMES[lang] });
  const premium = await productNamed(page.request, api.origin, brandConfig(brand).partnerId, 'Premium');
  const form = checkoutPage(page, t);

  await checkoutByCard(page, t, premium.id, TEST_CARDS.threeDSecure);
  await form.pay.click();
  const challenge = page.getByRole('dialog', { name: t('billing:challenge.title') });
  await expect(challenge).toContainText(t('billing:challenge.text'));
  await shot('checkout-3ds');
  await challenge.getByRole('button', { name: t('billing:challenge.authenticate') }).click();

  await expect(page).toHaveURL(/\/my-account\/subscription\/successful\?order=/);
  await expect(successfulPage(page, t).active('Premium')).toBeVisible(ACTIVATION);
});

test('an open order blocks another: step 1 marks it, step 2 says so and Pay is disabled', async ({
  page,
  api,
  t,
  lang,
  brand,
  shot,
}) => {
  await api.seededUser(page.request, { name: NAMES[lang] });
  const partner = brandConfig(brand).partnerId;
  const premium = await productNamed(page.request, api.origin, partner, 'Premium');
  const basic = await productNamed(page.request, api.origin, partner, 'Basic');
  await requestOrder(page.request, api.origin, premium, 'yearly');

  await page.goto(paths.subscription);
  await expect(planCard(page, 'Premium').button).toHaveText(t('billing:plans.disabled.ordered'));
  await expect(planCard(page, 'Premium').button).toBeDisabled();
  await shot('checkout-step1-ordered');

  await page.goto(`${paths.checkout}?product=${basic.id}`);
  const form = checkoutPage(page, t);
  await expect(form.heading).toBeVisible();
  await expect(form.pay).toHaveText(t('billing:checkout.orderPlaced'));
  await expect(form.pay).toBeDisabled();
  await shot('checkout-step2-ordered');
});

test(
  'bills: the paid order and its invoice PDF in a new tab',
  { tag: '@de' },
  async ({ page, api, t, lang, brand, shot }, testInfo) => {
    await api.seededUser(page.request, { name: NAMES[lang] });
    const basic = await productNamed(page.request, api.origin, brandConfig(brand).partnerId, 'Basic');
    const orderId = await paidOrder(page.request, api.origin, basic, 'yearly');
    const order = (await myOrders(page.request, api.origin)).find((o) => o.id === orderId)!;
    expect(order.invoice_number).toBeTruthy();

    await page.goto(paths.bills);
    const row = page.getByRole('listitem', {
      name: t('billing:bills.order', { number: order.order_number }),
    });
    await expect(row).toContainText(order.order_number);
    await expect(row).toContainText(/\d{2}\.\d{2}\.\d{4}/);
    await expect(row).toContainText(order.order_date);
    await expect(row).toContainText('Basic');
    await expect(row).toContainText('29,99 €');
    await expect(row).toContainText(order.payment_method_label ?? t('billing:bills.paymentTypes.card'));
    await shot('checkout-bills-invoice');

    const pdf = page.waitForResponse((r) => r.url().includes(apiPaths.orderPdf));
    const tab = page.context().waitForEvent('page');
    await row.getByRole('button', { name: t('billing:bills.invoice') }).click();
    const answer = await pdf;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^application\/pdf/);
    // What the new tab shows: the PDF the page handed it as a blob address.
    const opened = await tab;
    await expect.poll(() => opened.url()).toMatch(/^blob:/);
    // The tab's blob cannot be read back (the CSP's connect-src), nor the page's response body: the same GET again.
    const again = await page.request.get(`${api.origin}${order.invoice_url}`);
    expect(again.headers()['content-type']).toMatch(/^application\/pdf/);
    const bytes = await again.body();
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfText(bytes)).toContain(order.invoice_number!);
    if (TAKE_SCREENSHOTS) writeFileSync(join(SCREENSHOTS_DIR, testInfo.project.name, 'invoice.pdf'), bytes);
  },
);

test('tier-fritz: no coupon field, the tracker price in the breakdown', {
  tag: '@tier-fritz',
}, async ({ page, api, t, lang, brand, shot }) => {
  test.skip(brand !== 'tier-fritz', 'the tracker brand');
  await api.seededUser(page.request, { name: NAMES[lang] }, { plan: 'basis-1' });
  const yearly = await productNamed(page.request, api.origin, brandConfig(brand).partnerId, 'BASIS 12');
  const form = checkoutPage(page, t);

  await page.goto(`${paths.checkout}?product=${yearly.id}`);
  await expect(form.heading).toBeVisible();
  await expect(form.line(t('billing:checkout.planPrice'))).toContainText(formatEuro(5999));
  await expect(form.line(t('billing:checkout.trackerPrice'))).toContainText(formatEuro(5900));
  await expect(form.line(t('billing:checkout.total'))).toContainText(formatEuro(11899));
  await expect(form.coupon).toHaveCount(0);
  await expect(form.pay).toHaveText(t('billing:checkout.payAmount', { amount: formatEuro(11899) }));
  await shot('checkout-tier-fritz-step2');
});

test('a free user with a Basic SEPA order in progress: Premium in full, no credit; once paid, the credit', async ({
  page,
  api,
  t,
  lang,
  brand,
  shot,
}) => {
  test.skip(
    !brandConfig(brand).couponField || !brandConfig(brand).canPlaceOrders,
    'the Basic and Premium brands',
  );
  await api.seededUser(page.request, { name: NAMES[lang] });
  const partner = brandConfig(brand).partnerId;
  const basic = await productNamed(page.request, api.origin, partner, 'Basic');
  const premium = await productNamed(page.request, api.origin, partner, 'Premium');
  const order = await requestOrder(page.request, api.origin, basic, 'yearly', 'sepa');
  const form = checkoutPage(page, t);

  await page.goto(`${paths.checkout}?product=${premium.id}`);
  await expect(form.orderInProgress).toHaveText(t('billing:checkout.orderInProgress', { plan: 'Basic' }));
  await expect(form.line(t('billing:checkout.total'))).toContainText(formatEuro(4999));
  // "Credit for your current term" / "Gutschrift für Ihre laufende Laufzeit", whatever the days.
  const creditLabel = t('billing:checkout.proration', { days: 0 }).split('(')[0]!.trim();
  await expect(form.breakdown).not.toContainText(creditLabel);
  await expect(form.pay).toHaveText(t('billing:checkout.orderPlaced'));
  await form.terms.check();
  await shot('checkout-order-in-progress');

  // The debit is confirmed and settles (3 s here): the open page finds out by itself and credits the paid term.
  await confirmSepa(page.request, api.origin, order.secret);
  await expect(form.orderInProgress).toHaveCount(0, ACTIVATION);
  await expect(form.line(creditLabel)).toHaveCount(1, ACTIVATION);
  await expect(form.line(creditLabel)).toContainText('-29,');
  await expect(form.pay).toBeEnabled();
  await shot('checkout-order-paid-credit');
});

test('tier-fritz with a registered tracker: no device charged, said so; another one on request', {
  tag: '@tier-fritz',
}, async ({ page, api, t, lang, brand, shot }) => {
  test.skip(brand !== 'tier-fritz', 'the tracker brand');
  const { code, trackerId } = await claimFreeCode(api);
  await api.seededUser(
    page.request,
    { name: NAMES[lang] },
    { activation_code: code, tracker_ids: trackerId ? [trackerId] : [] },
  );
  const longer = await productNamed(page.request, api.origin, brandConfig(brand).partnerId, 'BASIS 24');
  const form = checkoutPage(page, t);

  await page.goto(`${paths.checkout}?product=${longer.id}`);
  await expect(form.trackerRegistered).toHaveText(
    t('billing:checkout.trackerRegistered', { trackers: trackerId ?? '' }),
  );
  await expect(form.line(t('billing:checkout.trackerPrice'))).toHaveCount(0);
  await expect(form.line(t('billing:checkout.total'))).toContainText(formatEuro(9999));
  await expect(form.pay).toHaveText(t('billing:checkout.payAmount', { amount: formatEuro(9999) }));
  await shot('checkout-tier-fritz-registered-tracker');

  await page
    .getByRole('checkbox', { name: t('billing:checkout.anotherTracker', { price: formatEuro(5900) }) })
    .check();
  await expect(form.line(t('billing:checkout.trackerPrice'))).toContainText(formatEuro(5900));
  await expect(form.line(t('billing:checkout.total'))).toContainText(formatEuro(15899));
});

test('primepet takes no orders: the message on both steps, and Pay is not possible', {
  tag: ['@primepet', '@de'],
}, async ({ page, api, t, lang, brand, shot }) => {
  test.skip(brandConfig(brand).canPlaceOrders, 'a brand that takes no orders');
  await api.seededUser(page.request, { name: NAMES[lang] });
  const basic = await productNamed(page.request, api.origin, brandConfig(brand).partnerId, 'Basic');
  const refused = t('errors:Primepet_Cant_Place_Order');

  await page.goto(paths.subscription);
  await expect(page.getByText(refused)).toBeVisible();
  await expect(planCard(page, 'Basic').card).toBeVisible();
  await expect(page.getByRole('button', { name: t('billing:plans.choose') })).toHaveCount(0);
  await shot('checkout-primepet-step1');

  await page.goto(`${paths.checkout}?product=${basic.id}`);
  const form = checkoutPage(page, t);
  await expect(form.heading).toBeVisible();
  await expect(page.getByText(refused)).toBeVisible();
  await expect(form.pay).toBeDisabled();
  await shot('checkout-primepet-step2');
});
