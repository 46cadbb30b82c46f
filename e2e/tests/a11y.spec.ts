// Every page of the web app passes axe (WCAG 2.2 AA, issue 16), also the ones no journey walks through: the
// routes of apps/web/src/app/routes.tsx, public ones anonymous, the others as an owner with a pet and a record
// of each kind, and the top bar's menus and a confirmation dialog opened. The journeys check each screen they
// reach through `shot` (fixtures/index.ts); this walks the route table once per language and on tier-fritz.
import { documentPath, medicalPath, paths, petPath } from '@pet/shared/paths';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/a11y.ts';
import { addContact } from '../fixtures/contacts.ts';
import { addDocument, pdfFile } from '../fixtures/documents.ts';
import { expect, type PortalApi, type Translate, test } from '../fixtures/index.ts';
import { addMedical } from '../fixtures/medical.ts';
import { addAppointment, addPet, displayDate, paidOwner } from '../fixtures/pets.ts';
import { accountMenu } from '../fixtures/ui.ts';

const TAGS = { tag: ['@de', '@tier-fritz'] };

/** Opens `path` and checks it once its heading is there and nothing is loading any more. */
async function check(page: Page, t: Translate, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expect(page.getByRole('status', { name: t('common:loading') })).toHaveCount(0);
  await expectAccessible(page, path);
}

test('a11y: the public pages, anonymous', TAGS, async ({ page, t, lang, consoleErrors }) => {
  // A share link that does not exist answers 404: the page that says so is one of the screens checked.
  consoleErrors.allow({ url: /\/v1\/shared\/no-such-link$/, status: 404 });
  for (const path of [
    paths.signin,
    paths.register,
    paths.forgotPassword,
    paths.resetPassword,
    paths.notfall,
    `${paths.shared}/no-such-link`,
    paths.pdf,
    paths.conditions,
    paths.dataProtection,
    '/no-such-page',
  ]) {
    await check(page, t, path);
  }
  // The language switch names the other language in that language, and its name is the text it shows.
  await page.goto(paths.signin);
  const other = lang === 'en' ? 'de' : 'en';
  const languageSwitch = page.getByRole('button', { name: t(`common:language.${other}`), exact: true });
  await expect(languageSwitch).toHaveAttribute('lang', other);
});

/** A signed-in owner on a paid plan with a pet that has an appointment, a contact, a vaccination and documents. */
async function ownerWithRecords(page: Page, api: PortalApi, lang: string) {
  await paidOwner(api, page.request, lang === 'de' ? 'Erika Mustermann' : 'Alex Walker');
  const pet = await addPet(page.request, api.origin, { name: 'Luna' });
  await addAppointment(page.request, api.origin, pet.id, {
    reason: 'Check-up',
    appointment_date: displayDate(3),
  });
  await addContact(page.request, api.origin, pet.id, {
    contact_type: 'Vet',
    name: 'Dr. Vet',
    phone: '+49 30 123456',
  });
  await addMedical(page.request, api.origin, pet.id, 'vaccination', { name: 'Rabies' });
  for (const [type, description] of [
    ['Insurance', 'Liability'],
    ['X-rays', 'Hip'],
  ] as const) {
    await addDocument(page.request, api.origin, pet.id, {
      type,
      description,
      files: [pdfFile(`${description}.pdf`, description)],
    });
  }
  return pet;
}

// Three tests, not one: each page's check takes a few seconds, and a run shares the tests out to its workers.
test(
  "a11y: the dashboard and a pet's pages, with a record of each kind",
  TAGS,
  async ({ page, api, t, lang }) => {
    test.slow();
    const pet = await ownerWithRecords(page, api, lang);
    for (const path of [
      paths.dashboard,
      paths.myPets,
      paths.newPet,
      paths.myAppointments,
      paths.addAppointment,
      petPath(pet),
      petPath(pet, 'my-pet'),
      petPath(pet, 'medical-data'),
      medicalPath(pet, 'vaccination'),
      medicalPath(pet, 'vaccination', 'add'),
      petPath(pet, 'document-safe'),
      documentPath(pet, 'document-safe', 'insurances'),
      documentPath(pet, 'document-safe', 'insurances', 'add'),
      petPath(pet, 'vet-findings'),
      documentPath(pet, 'vet-findings', 'xrays'),
      petPath(pet, 'contacts'),
      petPath(pet, 'appointments'),
      `${petPath(pet, 'appointments')}/add-appointment`,
      paths.emergencyData,
    ]) {
      await check(page, t, path);
    }
  },
);

test('a11y: the account pages', TAGS, async ({ page, api, t, lang }) => {
  test.slow();
  await paidOwner(api, page.request, lang === 'de' ? 'Erika Mustermann' : 'Alex Walker');
  for (const path of [
    paths.myAccount,
    paths.profile,
    paths.settings,
    paths.subscription,
    paths.cancelSubscription,
    paths.updatePayment,
    paths.paymentUpdateSuccessful,
    paths.paymentUpdateFailed,
    paths.bills,
    paths.activateProduct,
    paths.changePassword,
    paths.deleteAccount,
  ]) {
    await check(page, t, path);
  }
});

test('a11y: the account menu and a confirmation dialog', TAGS, async ({ page, api, t, lang }) => {
  await paidOwner(api, page.request, lang === 'de' ? 'Erika Mustermann' : 'Alex Walker');
  await page.goto(paths.dashboard);
  await accountMenu(page, t).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page, 'account menu');
  await page.keyboard.press('Escape');

  // Deleting the account asks first.
  await page.goto(paths.deleteAccount);
  await page.getByRole('button', { name: t('account:deleteAccount.button') }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'confirm dialog');
});
