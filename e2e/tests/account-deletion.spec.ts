// Deleting the account (issue 15): the page says what happens, the confirm dialog, the deleted-confirmation
// screen whose OK signs out (which erases the account at once), the confirmation mail, and a sign-in with
// the old password refused with the deletion's message.

import { brandConfig } from '@pet/shared/brands';
import { paths } from '@pet/shared/paths';
import { expect, mailText, test } from '../fixtures/index.ts';
import { signedInOwner } from '../fixtures/pets.ts';
import { signInPage, submitSignIn } from '../fixtures/ui.ts';

test('delete the account: confirm, OK signs out, the mail comes, signing in again fails with the message', async ({
  page,
  t,
  lang,
  brand,
  api,
  seed,
  mailbox,
  shot,
  consoleErrors,
}) => {
  // Refused on purpose: signing in to the erased account (401).
  consoleErrors.allow({ url: /\/api\/auth\/sign-in\/email$/, status: 401 });
  // A password hash at sign-in, the erasure and a mail on a two-core machine shared with other browsers.
  test.slow();
  const user = await signedInOwner(api, page.request, seed.user().name);

  await page.goto(paths.deleteAccount);
  await expect(page.getByRole('heading', { level: 1, name: t('account:deleteAccount.title') })).toBeVisible();
  await expect(page.getByText(t('account:deleteAccount.invoices'))).toBeVisible();
  await shot('delete-account');

  await page.getByRole('button', { name: t('account:deleteAccount.button'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t('account:deleteAccount.confirm.title') });
  await expect(dialog).toBeVisible();
  await shot('delete-account-confirm');
  const requested = page.waitForResponse((r) => r.url().includes('/v1/auth/deleteuseracc'));
  await dialog.getByRole('button', { name: t('account:deleteAccount.confirm.confirm'), exact: true }).click();
  expect((await requested).status()).toBe(200);

  await expect(page.getByRole('heading', { name: t('account:deleteAccount.done.title') })).toBeVisible();
  await shot('delete-account-done');
  const signedOut = page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-out'));
  await page.getByRole('button', { name: t('account:deleteAccount.done.ok'), exact: true }).click();
  expect((await signedOut).status()).toBe(200);
  await expect(signInPage(page, t).heading).toBeVisible();

  const subject = mailText(lang, 'accountDeleted.subject', { brand: brandConfig(brand).displayName });
  await mailbox.waitFor(user.email, { subject });

  // The account is gone: the old password gets the "incorrect" answer (no account, no deletion pending).
  const answer = await submitSignIn(page, t, user);
  expect(answer.status()).toBe(401);
  await expect(signInPage(page, t).alert).toHaveText(t('errors:Incorrect_Email_Or_Password'));
});

test('while the deletion is pending, signing in is refused with its message', async ({
  page,
  t,
  api,
  seed,
  shot,
  consoleErrors,
}) => {
  // Refused on purpose: signing in while the deletion is pending (403).
  consoleErrors.allow({ url: /\/api\/auth\/sign-in\/email$/, status: 403 });
  test.slow();
  const user = await signedInOwner(api, page.request, seed.user().name);
  await page.goto(paths.deleteAccount);
  await page.getByRole('button', { name: t('account:deleteAccount.button'), exact: true }).click();
  await page
    .getByRole('dialog', { name: t('account:deleteAccount.confirm.title') })
    .getByRole('button', { name: t('account:deleteAccount.confirm.confirm'), exact: true })
    .click();
  await expect(page.getByRole('heading', { name: t('account:deleteAccount.done.title') })).toBeVisible();

  // The tab closed before OK, a browser without the session: the account is not erased yet, and sign-in
  // says why.
  await page.context().clearCookies();
  await page.goto(paths.signin);
  const answer = await submitSignIn(page, t, user);
  expect(answer.status()).toBe(403);
  await expect(signInPage(page, t).alert).toHaveText(t('errors:Account_Deletion_Pending_Text'));
  await shot('delete-account-pending-signin');
});
