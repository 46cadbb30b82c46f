// Plans and activation codes (issue 3), in the user's language: registering with a code puts the user on
// the code's plan, redeemed and unknown codes are refused with their messages, a code is activated from the
// account, and a hunde-schutz user without a product is held on the activation page.
// Test data: the portal's seeded demo codes, one per test (see fixtures/plans.ts).
import { brandConfig } from '@pet/shared/brands';
import { apiPaths } from '@pet/shared/paths';
import { expect, test } from '../fixtures/index.ts';
import {
  activatePage,
  claimFreeCode,
  currentPlanCard,
  demoCodeProduct,
  documentsText,
  isCodeFree,
  myInfo,
  petsText,
  redeemedCode,
  unknownCode,
  userForActivation,
} from '../fixtures/plans.ts';
import { madeUpTrackerId } from '../fixtures/seed.ts';
import { expectFieldError, fillPersonalData, registerPage, submitSignIn } from '../fixtures/ui.ts';

test('register with a valid code: the account shows the code’s plan', async ({
  page,
  t,
  seed,
  api,
  shot,
}) => {
  // Register, confirm, sign in and two pages: more than the default 30 s on a busy two-core machine.
  test.slow();
  const user = seed.user();
  const free = await claimFreeCode(api);
  const expected = await demoCodeProduct(api);

  await page.goto('/register');
  const form = registerPage(page, t);
  await expect(form.heading).toBeVisible();
  await form.codeOption('yes').check();
  await form.code.fill(free.code);
  if (free.trackerId) await form.tracker.fill(free.trackerId);
  await form.checkCode.click();
  await expect(form.codeValid).toBeVisible();
  await fillPersonalData(page, t, user);
  await form.submit.click();
  await expect(page.getByRole('heading', { level: 1, name: t('auth:register.thanks.title') })).toBeVisible();

  await api.verifyEmail(user);
  await api.signIn(user, page.request);
  const me = await myInfo(page.request, api.origin);
  expect(me.product_associated).toBe(true);
  expect(me.activation_code_type).not.toBeNull();
  if (expected) expect(me.product?.id).toBe(expected.id);
  const product = me.product!;

  await page.goto('/my-account');
  const plan = currentPlanCard(page, t);
  await expect(plan.name).toHaveText(product.name);
  await expect(
    plan.region.getByText(petsText(t, api.brand, product.pets_limit), { exact: true }),
  ).toBeVisible();
  await expect(
    plan.region.getByText(documentsText(t, product.documents_limit), { exact: true }),
  ).toBeVisible();
  await shot('plans-my-account');

  // The overview marks the same plan as the current one.
  await page.goto('/my-account/subscription');
  const current = page.locator('article[aria-current="true"]');
  await expect(current).toHaveCount(1);
  await expect(current.getByRole('heading', { level: 3 })).toHaveText(product.name);
  await expect(current.getByText(t('plans:badge.current'), { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: t('plans:overview.noteLink') })).toHaveAttribute(
    'href',
    '/my-account/activate-product',
  );
  await shot('plans-subscription');
});

test('register with an already redeemed code', async ({ page, t, api, shot, consoleErrors }) => {
  // Refused on purpose: a code already redeemed (433).
  consoleErrors.allow({ url: /\/v1\/auth\/verifycode$/, status: 433 });
  const redeemed = await redeemedCode(api);
  await page.goto('/register');
  const form = registerPage(page, t);
  await form.codeOption('yes').check();
  await form.code.fill(redeemed.code);
  if (brandConfig(api.brand).requiresTracker)
    await form.tracker.fill(redeemed.trackerId ?? madeUpTrackerId());
  const checked = page.waitForResponse((r) => r.url().endsWith(apiPaths.verifyCode));
  await form.checkCode.click();
  expect((await checked).status()).toBe(433);
  await expectFieldError(form.code, t('errors:Code_Already_Redeemed'));
  await expect(form.codeValid).toHaveCount(0);
  await shot('plans-register-redeemed-code');
});

test('register with a wrong code', async ({ page, t, api, shot, consoleErrors }) => {
  // Refused on purpose: a wrong code (470).
  consoleErrors.allow({ url: /\/v1\/auth\/verifycode$/, status: 470 });
  await page.goto('/register');
  const form = registerPage(page, t);
  await form.codeOption('yes').check();
  await form.code.fill(unknownCode());
  if (brandConfig(api.brand).requiresTracker) await form.tracker.fill(madeUpTrackerId());
  const checked = page.waitForResponse((r) => r.url().endsWith(apiPaths.verifyCode));
  await form.checkCode.click();
  expect((await checked).status()).toBe(470);
  await expectFieldError(form.code, t('errors:Wrong_Code_Text'));
  await expect(page.getByText(t('errors:Customer_Service_Text'))).toBeVisible();
  const mail = brandConfig(api.brand).links.supportEmail;
  await expect(page.getByRole('link', { name: mail })).toHaveAttribute('href', `mailto:${mail}`);
  await shot('plans-register-wrong-code');
});

test('activate a code from the account', { tag: '@tier-fritz' }, async ({
  page,
  t,
  api,
  brand,
  shot,
  consoleErrors,
}) => {
  // Refused on purpose: a wrong code (470).
  consoleErrors.allow({ url: /\/v1\/subscription\/change\/apply$/, status: 470 });
  test.slow();
  await userForActivation(api, page.request);
  const before = await myInfo(page.request, api.origin);
  const expected = await demoCodeProduct(api);
  // The user's tracker (tier-fritz) is registered already: the form does not ask again.
  const free = await claimFreeCode(api, { withTracker: false });

  const plan = currentPlanCard(page, t);
  const form = activatePage(page, t);
  const held = brandConfig(brand).holdWithoutProduct && !before.product_associated;
  if (held) {
    // hunde-schutz holds a user without a product on the activation page (the last test shows it in full).
    await page.goto('/my-account');
    await expect(page).toHaveURL(/\/my-account\/activate-product$/);
    await expect(form.heldHeading).toBeVisible();
  } else {
    await page.goto('/my-account');
    await expect(plan.name).toHaveText(before.product?.name ?? t('plans:current.none'));
    await plan.activate.click();
    await expect(page).toHaveURL(/\/my-account\/activate-product$/);
    await expect(form.heading).toBeVisible();
  }
  await expect(form.code).toHaveAttribute('name', 'emergency_code');
  await expect(form.tracker).toHaveCount(0);
  await expect(form.submit).toBeDisabled();
  await shot('plans-activate-empty');

  // Required on blur, then an unknown code with the customer-service address.
  await form.code.fill('x');
  await form.code.fill('');
  await form.code.blur();
  await expectFieldError(form.code, t('errors:Activation_Code_Text_Required'));
  await form.code.fill(unknownCode());
  const refused = page.waitForResponse((r) => r.url().endsWith(apiPaths.applyActivationCode));
  await form.submit.click();
  expect((await refused).status()).toBe(470);
  await expectFieldError(form.code, t('errors:Wrong_Code_Text'));
  await expect(form.supportText).toBeVisible();
  const mail = brandConfig(brand).links.supportEmail;
  await expect(page.getByRole('link', { name: mail })).toHaveAttribute('href', `mailto:${mail}`);
  await shot('plans-activate-wrong-code');

  await form.code.fill(free.code);
  const applied = page.waitForResponse((r) => r.url().endsWith(apiPaths.applyActivationCode));
  await form.submit.click();
  const status = (await applied).status();

  // A code for the plan the user already holds through a code changes nothing (204, the code stays unused):
  // on tier-fritz every demo code is for the plan the registration code gave.
  const changesNothing =
    expected !== null &&
    before.product?.id === expected.id &&
    before.activation_code_type !== null &&
    !before.is_trial;
  if (changesNothing) {
    expect(status).toBe(204);
    await expect(page.getByText(t('errors:No_Content_Tex'))).toBeVisible();
    await expect(page).toHaveURL(/\/my-account\/activate-product$/);
    expect(await isCodeFree(api, free.code)).toBe(true);
    await shot('plans-activate-no-content');
    return;
  }

  expect(status).toBe(200);
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByText(t('plans:activate.success'))).toBeVisible();
  const after = await myInfo(page.request, api.origin);
  expect(after.product?.id).not.toBe(before.product?.id);
  if (expected) expect(after.product?.id).toBe(expected.id);
  await shot('plans-activated');

  await page.goto('/my-account');
  await expect(plan.name).toHaveText(after.product!.name);
  await shot('plans-my-account-after-activation');
});

test('a hunde-schutz user without a product is held on activate-product', { tag: '@hunde-schutz' }, async ({
  page,
  t,
  api,
  brand,
  shot,
  consoleErrors,
}) => {
  test.skip(!brandConfig(brand).holdWithoutProduct, 'only brands that hold a user without a product');
  // Refused on purpose: a wrong code (470).
  consoleErrors.allow({ url: /\/v1\/subscription\/change\/apply$/, status: 470 });
  // Signed up without a code: the default plan, no associated product.
  const user = await api.createVerifiedUser();
  await page.goto('/signin');
  await submitSignIn(page, t, user);

  const form = activatePage(page, t);
  await expect(page).toHaveURL(/\/my-account\/activate-product$/);
  await expect(form.heldHeading).toBeVisible();
  await expect(form.sideBar).toHaveCount(0);
  await expect(form.logout).toBeVisible();
  await shot('plans-held');

  // Nowhere else to go.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/my-account\/activate-product$/);

  // A failure keeps the side bar hidden.
  await form.code.fill(unknownCode());
  await form.submit.click();
  await expectFieldError(form.code, t('errors:Wrong_Code_Text'));
  await expect(form.sideBar).toHaveCount(0);
  await shot('plans-held-wrong-code');

  await form.logout.click();
  await expect(page).toHaveURL(/\/signin$/);
});
