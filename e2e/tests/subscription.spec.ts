// A paid plan's subscription (issue 14) on the sandbox provider, in the user's language: cancel and revoke
// a paid plan, a downgrade scheduled and withdrawn, the free plan's contact message, a gift's "can't
// downgrade" popup, the payment method changed on the sandbox's setup page (and left without saving), and
// the read-only documents after a paid plan ended. Users and their paid orders are seeded through the API
// (fixtures/subscription.ts); a plan's end is the seeding route's POST /__test/plan (the portals' clock
// does not move), so only the screens under test are clicked through.
import { brandConfig } from '@pet/shared';
import { documentPath, paths } from '@pet/shared/paths';
import { planCard, TEST_CARDS } from '../fixtures/billing.ts';
import { addDocument, textFile } from '../fixtures/documents.ts';
import { expect, mailText, test } from '../fixtures/index.ts';
import { addPet, paidOwner } from '../fixtures/pets.ts';
import {
  cancelPage,
  fillSetupCard,
  paidYearlyUser,
  sandboxSetupPage,
  subscriptionInfo,
  subscriptionPage,
  termDays,
} from '../fixtures/subscription.ts';
import { untilStill } from '../fixtures/ui.ts';

const NAMES = { en: 'Alex Walker', de: 'Erika Mustermann' } as const;

/** Another of Stripe's test cards the setup page saves (pm_card_mastercard). */
const MASTERCARD = '5555 5555 5555 4444';

test('cancel a paid yearly Premium, then revoke the cancellation', async ({
  page,
  api,
  t,
  lang,
  brand,
  shot,
}) => {
  test.skip(brand !== 'petention', 'the subscription journeys run on petention');
  const user = await paidYearlyUser(api, page.request, NAMES[lang]);
  const { lastDay, nextDay } = await termDays(page.request, api.origin);
  const actions = subscriptionPage(page, t);
  const flow = cancelPage(page, t);
  const premium = planCard(page, 'Premium');

  await page.goto(paths.subscription);
  await expect(premium.card).toContainText(t('billing:lifecycle.renewsOn', { date: nextDay }));
  // Premium (sequence 2, no promotion) may move down instead of ending: both ways are offered.
  await expect(actions.downgrade).toBeVisible();
  await expect(actions.cancel).toBeVisible();
  await shot('subscription-paid');
  await actions.cancel.click();

  // The cancel flow offers moving down first (a sequence-2 plan); the user cancels instead.
  await expect(page).toHaveURL(/\/my-account\/cancel-subscription\?process=downgrade$/);
  await expect(flow.downgradeTitle).toBeVisible();
  await flow.cancelInstead.click();
  await expect(page).toHaveURL(/\/my-account\/cancel-subscription\?process=confirm_Termination$/);
  await expect(flow.confirmTitle).toBeVisible();
  await expect(page.getByText(t('billing:cancel.endsOn', { plan: 'Premium', date: lastDay }))).toBeVisible();
  await expect(flow.keep).toBeVisible();
  await shot('subscription-cancel-confirm');
  await flow.confirm.click();

  await expect(page).toHaveURL(/\/my-account\/cancel-subscription\/successful\?end_date=\d+$/);
  await expect(
    page.getByRole('heading', { level: 2, name: t('billing:cancelSuccessful.title') }),
  ).toBeVisible();
  await expect(page.getByText(t('billing:cancelSuccessful.until', { date: lastDay }))).toBeVisible();
  await shot('subscription-cancel-successful');
  const mail = await api.mailbox.waitFor(user.email, {
    subject: mailText(lang, 'cancellationConfirmed.subject', {
      brand: brandConfig(brand).displayName,
      date: lastDay,
    }),
  });
  expect(mail.text).toContain(
    mailText(lang, 'cancellationConfirmed.intro', { plan: 'Premium', date: lastDay }),
  );

  await page.getByRole('link', { name: t('billing:cancelSuccessful.toSubscription') }).click();
  await expect(page).toHaveURL(new RegExp(`${paths.subscription}$`));
  await expect(premium.card).toContainText(t('billing:lifecycle.endsOn', { date: lastDay }));
  await expect(actions.cancel).toHaveCount(0);
  await expect(actions.revoke).toBeVisible();
  await shot('subscription-cancelled');

  // Opening the cancel flow again, whatever the address asks for, offers only the revocation.
  await page.goto(`${paths.cancelSubscription}?process=confirm_Termination`);
  await expect(flow.revokeTitle).toBeVisible();
  await expect(
    page.getByText(t('billing:cancel.cancelledUntil', { plan: 'Premium', date: lastDay })),
  ).toBeVisible();
  await expect(flow.confirm).toHaveCount(0);
  await shot('subscription-revoke');
  await flow.revoke.click();

  await expect(page).toHaveURL(new RegExp(`${paths.subscription}$`));
  await expect(page.getByText(t('billing:cancel.revoked'))).toBeVisible();
  await expect(premium.card).toContainText(t('billing:lifecycle.renewsOn', { date: nextDay }));
  await expect(actions.revoke).toHaveCount(0);
  await expect(actions.cancel).toBeVisible();
  const status = await page.request.get(`${api.origin}/v1/subscription/cancelat`);
  expect(await status.json()).toMatchObject({ status: 'active' });
});

test('downgrade a paid yearly Premium to Basic from the term’s end, then withdraw it', async ({
  page,
  api,
  t,
  lang,
  brand,
  shot,
}) => {
  test.skip(brand !== 'petention', 'the subscription journeys run on petention');
  await paidYearlyUser(api, page.request, NAMES[lang]);
  const { lastDay, nextDay } = await termDays(page.request, api.origin);
  const flow = cancelPage(page, t);
  const basic = planCard(page, 'Basic');
  const premium = planCard(page, 'Premium');
  const badge = basic.card.getByText(t('billing:downgrade.badge'), { exact: true });
  const startsOn = basic.card.getByText(t('billing:downgrade.startsOn', { date: nextDay }));

  await page.goto(paths.subscription);
  await subscriptionPage(page, t).downgrade.click();
  await expect(page).toHaveURL(/\/my-account\/cancel-subscription\?process=downgrade$/);
  await expect(flow.downgradeTitle).toBeVisible();
  // The choice: a smaller plan of the brand's downgrade list, or the cancellation instead.
  await expect(flow.cancelInstead).toBeVisible();
  await expect(flow.downgradeList.getByRole('heading', { level: 3 })).toHaveText(['Basic', 'Premium']);
  await untilStill(page);
  await shot('subscription-downgrade-choice');
  await basic.card.getByRole('button', { name: t('billing:downgrade.choose') }).click();

  await expect(badge).toBeVisible();
  await expect(startsOn).toBeVisible();
  await expect(
    page.getByText(t('billing:downgrade.scheduled', { plan: 'Basic', date: nextDay })),
  ).toBeVisible();
  const scheduled = (await subscriptionInfo(page.request, api.origin)).downgrading;
  expect(scheduled).toMatchObject({ product_name: 'Basic' });
  await shot('subscription-downgrade-scheduled');

  await page.goto(paths.subscription);
  await expect(badge).toBeVisible();
  await expect(startsOn).toBeVisible();
  // Premium does not renew: it ends on its last day, and Basic starts the day after.
  await expect(premium.card).toContainText(t('billing:lifecycle.endsOn', { date: lastDay }));
  await shot('subscription-downgrading');

  // Withdrawn on the subscription page's Downgrading card: Premium renews again, Basic leaves the list.
  await basic.card.getByRole('button', { name: t('billing:downgrade.withdraw') }).click();
  await expect(page.getByText(t('billing:downgrade.withdrawn'))).toBeVisible();
  await expect(badge).toHaveCount(0);
  await expect(premium.card).toContainText(t('billing:lifecycle.renewsOn', { date: nextDay }));
  expect((await subscriptionInfo(page.request, api.origin)).downgrading).toBe(false);

  // Scheduled again on the choice page, and withdrawn there too.
  await subscriptionPage(page, t).downgrade.click();
  await basic.card.getByRole('button', { name: t('billing:downgrade.choose') }).click();
  await expect(badge).toBeVisible();
  await basic.card.getByRole('button', { name: t('billing:downgrade.withdraw') }).click();
  await expect(badge).toHaveCount(0);
  expect((await subscriptionInfo(page.request, api.origin)).downgrading).toBe(false);
});

test('a free user opening the cancel flow is pointed to support, with nothing to cancel', async ({
  page,
  api,
  t,
  lang,
  brand,
  shot,
}) => {
  test.skip(brand !== 'petention', 'the subscription journeys run on petention');
  await api.seededUser(page.request, { name: NAMES[lang] });

  await page.goto(paths.subscription);
  await expect(planCard(page, 'Free').card).toBeVisible();
  await expect(subscriptionPage(page, t).cancel).toHaveCount(0);

  await page.goto(paths.cancelSubscription);
  await expect(page.getByText(t('billing:cancel.freeTitle'))).toBeVisible();
  const email = brandConfig(brand).links.supportEmail;
  const contact = page.getByText(t('billing:cancel.freeContact', { email }));
  await expect(contact).toBeVisible();
  await expect(contact.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  await expect(cancelPage(page, t).confirm).toHaveCount(0);
  await shot('subscription-free-contact');
});

test('a gift user trying to move down gets the "can’t downgrade" popup', async ({
  page,
  api,
  t,
  lang,
  brand,
  shot,
}) => {
  test.skip(brand !== 'petention', 'the subscription journeys run on petention');
  await api.seededUser(page.request, { name: NAMES[lang] }, { gift_plan: 'premium' });
  const popup = cancelPage(page, t).notPossible;

  await page.goto(paths.subscription);
  await expect(subscriptionPage(page, t).cancel).toHaveCount(0);
  await subscriptionPage(page, t).downgradeButton.click();
  await expect(popup).toContainText(t('errors:Downgrade_Not_Possible_Text'));
  await shot('subscription-gift-popup');
  await popup.getByRole('button', { name: t('billing:downgrade.close') }).click();
  await expect(popup).toHaveCount(0);

  // The cancel flow, opened by its address even as a cancellation: the plans under "Change your plan", and
  // choosing the smaller one gets the same popup.
  await page.goto(`${paths.cancelSubscription}?process=confirm_Termination`);
  await expect(cancelPage(page, t).giftTitle).toBeVisible();
  await expect(cancelPage(page, t).confirm).toHaveCount(0);
  // A gift has no paid subscription to cancel: only the plans, no "cancel instead".
  await expect(cancelPage(page, t).cancelInstead).toHaveCount(0);
  await planCard(page, 'Basic')
    .card.getByRole('button', { name: t('billing:downgrade.choose') })
    .click();
  await expect(popup).toContainText(t('errors:Downgrade_Not_Possible_Text'));
  await shot('subscription-gift-popup-choice');
  expect((await subscriptionInfo(page.request, api.origin)).downgrading).toBe(false);
});

test('update the payment method on the sandbox’s page; leaving it without saving keeps the old one', async ({
  page,
  api,
  t,
  lang,
  brand,
  shot,
  consoleErrors,
}) => {
  // Refused on purpose: the sandbox's declined test card on its setup page (400).
  consoleErrors.allow({ url: /\/v1\/sandbox\/checkout\/cs_[^/]+$/, status: 400 });
  test.slow();
  test.skip(brand !== 'petention', 'the subscription journeys run on petention');
  await paidYearlyUser(api, page.request, NAMES[lang], 'Basic');
  const year = new Date().getFullYear() + 1;
  const visa = t('billing:paymentUpdate.card', { brand: 'Visa', last4: '4242' });
  const mastercard = t('billing:paymentUpdate.card', { brand: 'Mastercard', last4: '4444' });
  const setup = sandboxSetupPage(page, lang);
  const change = page.getByRole('button', { name: t('billing:paymentUpdate.change') });

  await page.goto(paths.myAccount);
  await page
    .getByRole('navigation', { name: t('common:layout.mainNavigation') })
    .getByRole('link', { name: t('common:nav.updatePayment') })
    .click();
  await expect(page).toHaveURL(new RegExp(`${paths.updatePayment}$`));
  await expect(page.getByText(visa)).toBeVisible();
  await expect(page.getByText(t('billing:paymentUpdate.expires', { month: '12', year }))).toBeVisible();
  await shot('subscription-payment-current');
  await change.click();

  await expect(setup.heading).toBeVisible();
  await fillSetupCard(page, lang, TEST_CARDS.declined);
  await setup.saveCard.click();
  await expect(setup.declined).toBeVisible();
  await shot('subscription-payment-sandbox-declined');
  await fillSetupCard(page, lang, MASTERCARD);
  await shot('subscription-payment-sandbox');
  await setup.saveCard.click();

  await expect(page).toHaveURL(new RegExp(`${paths.paymentUpdateSuccessful}$`));
  await expect(
    page.getByRole('heading', { level: 2, name: t('billing:paymentUpdate.successful.title') }),
  ).toBeVisible();
  // The page reads the method again until the provider's event has saved it.
  await expect(page.getByText(mastercard)).toBeVisible();
  await shot('subscription-payment-successful');

  await page.goto(paths.updatePayment);
  await expect(page.getByText(mastercard)).toBeVisible();
  await change.click();
  await expect(setup.heading).toBeVisible();
  await setup.cancel.click();
  await expect(page).toHaveURL(new RegExp(`${paths.paymentUpdateFailed}$`));
  await expect(
    page.getByRole('heading', { level: 2, name: t('billing:paymentUpdate.failed.title') }),
  ).toBeVisible();
  await expect(page.getByText(t('errors:Payment_Details_Not_Updated'))).toBeVisible();
  await shot('subscription-payment-failed');
  await page.getByRole('link', { name: t('billing:paymentUpdate.failed.retry') }).click();
  await expect(page.getByText(mastercard)).toBeVisible();
});

test('the payment details menu entry: only where the brand offers it (tier-fritz does not)', {
  tag: '@tier-fritz',
}, async ({ page, api, t, lang, brand }) => {
  // On a product: tier-fritz and hunde-schutz hold an account without one on the activation page.
  await paidOwner(api, page.request, NAMES[lang]);
  const entry = page
    .getByRole('navigation', { name: t('common:layout.mainNavigation') })
    .getByRole('link', { name: t('common:nav.updatePayment') });

  await page.goto(paths.myAccount);
  await expect(
    page
      .getByRole('navigation', { name: t('common:layout.mainNavigation') })
      .getByRole('link', { name: t('common:nav.subscription') }),
  ).toBeVisible();
  await expect(entry).toHaveCount(brandConfig(brand).menu.updatePayment ? 1 : 0);
});

test('documents beyond the free plan’s limit after a paid plan ended are read-only, the oldest first', async ({
  page,
  api,
  t,
  lang,
  brand,
  shot,
}) => {
  test.skip(brand !== 'petention', 'the subscription journeys run on petention');
  await api.seededUser(page.request, { name: NAMES[lang] }, { plan: 'premium' });
  const pet = await addPet(page.request, api.origin, { name: 'Luna' });
  const bill = lang === 'de' ? 'Rechnung' : 'Bill';
  for (let i = 1; i <= 6; i += 1) {
    await addDocument(page.request, api.origin, pet.id, {
      type: 'Bills',
      description: `${bill} ${i}`,
      files: [textFile(`bill-${i}.txt`)],
    });
  }
  // The paid plan ends: the free plan keeps 5 documents usable.
  await api.putOnPlan(page.request, 'free');

  await page.goto(documentPath(pet, 'document-safe', 'bill'));
  const rows = page.getByTestId('document-row');
  await expect(rows).toHaveCount(6);
  const oldest = rows.filter({ hasText: `${bill} 1` });
  await expect(oldest.getByTestId('document-read-only')).toHaveText(t('documents:view.readOnly'));
  await expect(page.getByTestId('document-read-only')).toHaveCount(1);
  await expect(page.getByRole('button', { name: t('documents:add.bill') })).toBeDisabled();
  await shot('subscription-documents-read-only');

  await oldest.getByRole('button', { name: new RegExp(`${bill} 1`) }).click();
  await expect(oldest.getByText(t('documents:view.readOnlyHint'))).toBeVisible();
  await expect(oldest.getByRole('button', { name: t('documents:view.edit') })).toBeDisabled();
  await expect(oldest.getByRole('button', { name: t('documents:view.delete') })).toBeEnabled();
  await untilStill(page);
  await shot('subscription-documents-read-only-open');

  const newest = rows.filter({ hasText: `${bill} 6` });
  await newest.getByRole('button', { name: new RegExp(`${bill} 6`) }).click();
  await expect(newest.getByRole('button', { name: t('documents:view.edit') })).toBeEnabled();
});
