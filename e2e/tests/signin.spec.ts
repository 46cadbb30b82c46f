// Sign-in: the way back to a protected page, wrong credentials, and an address that is not confirmed yet.
import { brandConfig } from '@pet/shared/brands';
import { expect, mailText, test } from '../fixtures/index.ts';
import { expectDashboard, signInPage, submitSignIn } from '../fixtures/ui.ts';

test('a protected page sends to sign-in with continueUrl; wrong password and unknown e-mail fail alike; then back to the page', async ({
  page,
  t,
  seed,
  brand,
  shot,
  consoleErrors,
}) => {
  // Refused on purpose: the wrong password and the unknown address (401 each).
  consoleErrors.allow({ url: /\/api\/auth\/sign-in\/email$/, status: 401 });
  // Several pages, mails and password hashes on a two-core machine shared with two browsers and three servers.
  test.slow();
  const user = await seed.verifiedUser();
  const signin = signInPage(page, t);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/signin\?continueUrl=%2Fdashboard$/);
  await expect(signin.heading).toBeVisible();
  await shot('signin-continue');

  const wrongPassword = await submitSignIn(page, t, { email: user.email, password: 'wrong-password' });
  await expect(signin.alert).toHaveText(t('errors:Incorrect_Email_Or_Password'));
  await shot('wrong-password');

  // An address without an account gets the same answer and the same message: nothing tells them apart.
  const unknownUser = await submitSignIn(page, t, { email: seed.user().email, password: user.password });
  expect(unknownUser.status()).toBe(wrongPassword.status());
  expect((await unknownUser.json()).code).toBe((await wrongPassword.json()).code);
  await expect(signin.alert).toHaveText(t('errors:Incorrect_Email_Or_Password'));
  await expect(page).toHaveURL(/\/signin\?continueUrl=%2Fdashboard$/);

  await submitSignIn(page, t, user);
  await expectDashboard(page, t, brand, user);
});

test('an unconfirmed address gets the e-mail verification dialog', async ({
  page,
  t,
  seed,
  mailbox,
  brand,
  lang,
  shot,
  consoleErrors,
}) => {
  // Refused on purpose: the unconfirmed address (403).
  consoleErrors.allow({ url: /\/api\/auth\/sign-in\/email$/, status: 403 });
  // Several pages, mails and password hashes on a two-core machine shared with two browsers and three servers.
  test.slow();
  const user = await seed.unverifiedUser();

  await page.goto('/signin');
  const answer = await submitSignIn(page, t, user);
  expect(answer.status()).toBe(403);

  const dialog = page.getByRole('dialog', { name: t('errors:Email_Verification_Failed_Title') });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(t('errors:Email_Verification_Failed_Text'));
  const ok = dialog.getByRole('button', { name: t('common:actions.ok'), exact: true });
  await expect(ok).toBeVisible();
  await shot('unverified-dialog');

  // The dialog offers a new confirmation mail.
  await dialog.getByRole('button', { name: t('auth:signin.resendVerification') }).click();
  await expect(dialog.getByRole('status')).toHaveText(t('auth:signin.verificationSent'));
  const subject = mailText(lang, 'verification.subject', { brand: brandConfig(brand).displayName });
  await mailbox.waitFor(user.email, { subject, count: 2 });

  await ok.click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(signInPage(page, t).heading).toBeVisible();
});
