// The account's password and the sign-in rules of issue 15: change the password (the other browser is signed
// out, the new password signs in a fresh one), a failed sign-in's dialog, and tier-fritz's dashboard cards.
import { brandConfig } from '@pet/shared/brands';
import { paths } from '@pet/shared/paths';
import { expect, mailText, NEW_PASSWORD, test } from '../fixtures/index.ts';
import { signedInOwner } from '../fixtures/pets.ts';
import { expectDashboard, expectFieldError, HASHING, signInPage, submitSignIn } from '../fixtures/ui.ts';

test('change password: checked on blur, a wrong old one refused; then the other browser is signed out and the new one signs in', async ({
  page,
  browser,
  t,
  api,
  seed,
  mailbox,
  brand,
  lang,
  shot,
  consoleErrors,
}) => {
  // Refused on purpose: the wrong old password (400 under its field),
  consoleErrors.allow({ url: /\/v1\/auth\/password\/change$/, status: 400 });
  // the other browser, whose session the change ended, learns it from its session probe (401),
  consoleErrors.allow({ url: /\/v1\/auth\/myinfo$/, status: 401 });
  // and the old password no longer signs in (401).
  consoleErrors.allow({ url: /\/api\/auth\/sign-in\/email$/, status: 401 });
  // Two browsers, a mail and several password hashes on a two-core machine.
  test.slow();
  const user = await signedInOwner(api, page.request, seed.user().name);

  // A second browser, signed in before the change.
  const other = await browser.newContext({ baseURL: api.origin });
  await api.signIn(user, other.request);
  const otherPage = await other.newPage();
  await otherPage.goto(paths.dashboard);
  await expect(otherPage).toHaveURL(/\/dashboard$/);

  await page.goto(paths.changePassword);
  await expect(
    page.getByRole('heading', { level: 1, name: t('account:changePassword.title') }),
  ).toBeVisible();
  const field = (key: string) =>
    page.getByRole('textbox', { name: t(`account:changePassword.${key}`), exact: true });
  const oldPassword = field('oldpassword');
  const newPassword = field('newpassword');
  const confirm = field('confirmpassword');
  const submit = page.getByRole('button', { name: t('account:changePassword.submit'), exact: true });
  await shot('change-password');

  await oldPassword.focus();
  await oldPassword.blur();
  await expectFieldError(oldPassword, t('errors:Password_Error'));
  await newPassword.fill('abc');
  await newPassword.blur();
  await expectFieldError(newPassword, t('errors:Password_Length_Error'));
  await newPassword.fill(NEW_PASSWORD);
  await confirm.fill(`${NEW_PASSWORD}x`);
  await confirm.blur();
  await expectFieldError(confirm, t('errors:Match_Password_Text'));
  await shot('change-password-errors');

  // A wrong old password: the server's answer at that field, nothing changed.
  await oldPassword.fill('not-my-password');
  await confirm.fill(NEW_PASSWORD);
  await submit.click();
  await expectFieldError(oldPassword, t('errors:Invalid_Password_Text'));
  await shot('change-password-wrong-old');

  await oldPassword.fill(user.password);
  await submit.click();
  await expect(page.getByRole('status')).toHaveText(t('account:changePassword.done'), HASHING);
  await expect(oldPassword).toHaveValue('');
  await shot('change-password-done');

  // This browser stays signed in; the other one is signed out at its next request.
  await page.goto(paths.profile);
  await expect(page.getByRole('heading', { level: 1, name: t('account:profile.title') })).toBeVisible();
  await otherPage.goto(paths.profile);
  await expect(otherPage).toHaveURL(/\/signin/);
  await other.close();

  const mail = await mailbox.waitFor(user.email, {
    subject: mailText(lang, 'passwordChanged.subject', { brand: brandConfig(brand).displayName }),
  });
  expect(mail.text).not.toContain(NEW_PASSWORD);

  // A fresh browser: the old password fails (in a dialog), the new one signs in.
  const fresh = await browser.newContext({ baseURL: api.origin });
  const freshPage = await fresh.newPage();
  await freshPage.goto(paths.signin);
  await submitSignIn(freshPage, t, user);
  const failed = freshPage.getByRole('dialog', { name: t('auth:signin.failedTitle') });
  await expect(failed).toBeVisible();
  await expect(failed.getByRole('alert')).toHaveText(t('errors:Incorrect_Email_Or_Password'));
  await shot('signin-failed-dialog', freshPage);
  await submitSignIn(freshPage, t, { ...user, password: NEW_PASSWORD });
  await expectDashboard(freshPage, t, brand, user);
  await fresh.close();
});

test('forgot password goes on to /reset-password?email=, which confirms the mail', async ({
  page,
  t,
  seed,
  shot,
}) => {
  const user = await seed.verifiedUser();
  await page.goto(paths.forgotPassword);
  await page.getByRole('textbox', { name: t('auth:forgot.email'), exact: true }).fill(user.email);
  await page.getByRole('button', { name: t('auth:forgot.submit'), exact: true }).click();
  await expect(page).toHaveURL(`${paths.resetPassword}?email=${encodeURIComponent(user.email)}`);
  await expect(page.getByRole('heading', { level: 1, name: t('auth:forgot.sentTitle') })).toBeVisible();
  await shot('reset-password-email');
});

test('tier-fritz: the dashboard cards read "emergency case files" and "my account"', {
  tag: '@tier-fritz',
}, async ({ page, t, api, seed, brand, shot }) => {
  test.skip(brand !== 'tier-fritz', 'the card titles of the tracker brand');
  const user = await signedInOwner(api, page.request, seed.user().name);
  await page.goto(paths.dashboard);
  const cards = page.getByRole('region', { name: t('dashboard:cardsLabel') }).getByRole('link');
  await expect(cards).toHaveCount(4);
  await expect(cards.nth(2)).toContainText(t('dashboard:cards.emergency.title_short'));
  await expect(cards.nth(3)).toContainText(t('dashboard:cards.my-account.title_short'));
  await expect(page.getByRole('banner')).toContainText(user.name);
  await shot('dashboard-cards');
});

test('a failed sign-in shows a dialog; OK closes it and the form is there again', async ({
  page,
  t,
  seed,
  consoleErrors,
}) => {
  // Refused on purpose: the wrong password (401).
  consoleErrors.allow({ url: /\/api\/auth\/sign-in\/email$/, status: 401 });
  const user = await seed.verifiedUser();
  const signin = signInPage(page, t);
  await page.goto(paths.signin);
  await submitSignIn(page, t, { email: user.email, password: 'wrong-password' });
  const failed = page.getByRole('dialog', { name: t('auth:signin.failedTitle') });
  await expect(failed).toContainText(t('errors:Incorrect_Email_Or_Password'));
  await failed.getByRole('button', { name: t('common:actions.ok'), exact: true }).click();
  await expect(failed).toBeHidden();
  await expect(signin.email).toHaveValue(user.email);
});
