// Registration in the user's language: the whole way from the empty form to the dashboard and out again,
// and the form's checks on blur.
import { brandConfig } from '@pet/shared/brands';
import { apiPaths } from '@pet/shared/paths';
import { expect, literal, mailText, test } from '../fixtures/index.ts';
import {
  accountMenu,
  expectDashboard,
  expectFieldError,
  fillCodeSection,
  fillPersonalData,
  HASHING,
  registerPage,
  signInPage,
  submitSignIn,
} from '../fixtures/ui.ts';

test('register, confirm the address from the mail, sign in to the dashboard, sign out', {
  tag: ['@de', '@tier-fritz'],
}, async ({ page, t, seed, mailbox, brand, lang, shot }) => {
  // Several pages, mails and password hashes on a two-core machine shared with two browsers and three servers.
  test.slow();
  const user = seed.user();
  const registration = await seed.registration();

  await page.goto('/signin');
  const signin = signInPage(page, t);
  await expect(signin.heading).toBeVisible();
  await shot('signin');

  // The brand config decides whether sign-in links to registration (petention: no, tier-fritz: yes).
  if (brandConfig(brand).registerLinkOnSignin) {
    await page.getByRole('link', { name: t('auth:signin.register') }).click();
  } else {
    await expect(page.getByRole('link', { name: t('auth:signin.register') })).toHaveCount(0);
    await page.goto('/register');
  }
  const form = registerPage(page, t);
  await expect(form.heading).toBeVisible();
  for (const option of brandConfig(brand).codeOptions) await expect(form.codeOption(option)).toBeVisible();
  await shot('register');

  await fillCodeSection(page, t, registration);
  await fillPersonalData(page, t, user);
  if (registration.option === 'yes') await shot('register-code-valid');
  await form.submit.click();

  // Thank-you step: the address and the way to sign in.
  await expect(page.getByRole('heading', { level: 1, name: t('auth:register.thanks.title') })).toBeVisible(
    HASHING,
  );
  await expect(page.getByText(t('auth:register.thanks.text', { email: user.email }))).toBeVisible();
  await shot('register-thanks');

  // The confirmation mail in the user's language, from the real SMTP sink.
  const brandName = brandConfig(brand).displayName;
  const mail = await mailbox.waitFor(user.email, {
    subject: mailText(lang, 'verification.subject', { brand: brandName }),
  });
  expect(mail.text).toContain(mailText(lang, 'verification.greeting', { name: user.name }));
  const link = mail.links.find((l) => l.includes('/verify-email'));
  expect(link, `verification link in ${mail.links.join(' ')}`).toBeTruthy();

  await page.goto(link!);
  await expect(page).toHaveURL(/\/signin\?verified=1$/);
  await expect(signin.notice).toHaveText(t('auth:signin.verified'));
  await shot('signin-verified');

  await submitSignIn(page, t, user);
  await expectDashboard(page, t, brand, user);
  await shot('dashboard');

  await accountMenu(page, t).click();
  const logout = page.getByRole('menuitem', { name: t('common:actions.logout') });
  await expect(page.getByRole('menu')).toContainText(user.email);
  await expect(logout).toBeVisible();
  await shot('profile-menu');
  await logout.click();

  await expect(page).toHaveURL(/\/signin$/);
  await expect(signin.heading).toBeVisible();
  await page.goto('/my-account/profile');
  await expect(page).toHaveURL(/\/signin\?continueUrl=%2Fmy-account%2Fprofile$/);
  await expect(signin.heading).toBeVisible();
  await expect(accountMenu(page, t)).toHaveCount(0);
});

test('the register form checks each field on blur, and a wrong activation code', async ({
  page,
  t,
  seed,
  brand,
  shot,
  consoleErrors,
}) => {
  // Refused on purpose: a wrong activation code (470).
  consoleErrors.allow({ url: /\/v1\/auth\/verifycode$/, status: 470 });
  await page.goto('/register');
  const form = registerPage(page, t);
  await expect(form.heading).toBeVisible();

  await form.name.fill('Al');
  await form.name.blur();
  await expectFieldError(form.name, t('errors:Name_Length_Error'));

  await form.email.fill('not-an-address');
  await form.email.blur();
  await expectFieldError(form.email, t('errors:Email_Format_Error'));

  // The counter below the password counts up to 30 as the user types.
  await form.password.fill('abc');
  await expect(form.password).toHaveAccessibleDescription(literal('3/30'));
  await form.password.blur();
  await expectFieldError(form.password, t('errors:Password_Length_Error'));
  await form.password.fill('secret123');
  await expect(form.password).toHaveAccessibleDescription(literal('9/30'));
  await form.password.blur();
  await expect(form.password).not.toHaveAccessibleDescription(literal(t('errors:Password_Length_Error')));

  await form.confirmPassword.fill('secret124');
  await form.confirmPassword.blur();
  await expectFieldError(form.confirmPassword, t('errors:Match_Password_Text'));

  // Terms are required: submitting without them marks the box.
  await form.submit.click();
  await expect(page.getByText(t('errors:Terms_Error'))).toBeVisible();
  await expect(page.getByText(t('errors:Activation_Code_Text_Required'))).toBeVisible();
  await shot('register-errors');

  // A code nobody issued: the code check says so, with the customer service address.
  const wrong = seed.unknownCode();
  await form.codeOption('yes').check();
  await form.code.fill(wrong.code);
  if (wrong.trackerId) await form.tracker.fill(wrong.trackerId);
  const checked = page.waitForResponse((r) => r.url().endsWith(apiPaths.verifyCode));
  await form.checkCode.click();
  expect((await checked).status()).toBe(470);
  await expectFieldError(form.code, t('errors:Wrong_Code_Text'));
  await expect(page.getByText(t('errors:Customer_Service_Text'))).toBeVisible();
  await expect(page.getByRole('link', { name: brandConfig(brand).links.supportEmail })).toBeVisible();
  await expect(form.codeValid).toHaveCount(0);
  await shot('register-wrong-code');
});
