// Every page of the web app passes axe (WCAG 2.2 AA, issue 16), also the ones no journey walks through: the
// routes of apps/web/src/app/routes.tsx, public ones anonymous, the others as an owner with a pet and a record
// of each kind, and the top bar's menus and a confirmation dialog opened. The journeys check each screen they
// reach through `shot` (fixtures/index.ts), in every project. This walks the route table once per language
// (petention en and de: a screen's texts are what differ by language), moving through the app as a person does,
// so axe is injected once per document; and each other brand's colours on its signed-out and dashboard screens
// (DESIGN.md, fourth wave: a brand changes colours and logo, which those two screens show).
import { documentPath, medicalPath, paths, petPath } from '@pet/shared/paths';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/a11y.ts';
import { addContact } from '../fixtures/contacts.ts';
import { addDocument, pdfFile } from '../fixtures/documents.ts';
import { expect, type PortalApi, type Translate, test } from '../fixtures/index.ts';
import { addMedical } from '../fixtures/medical.ts';
import { addAppointment, addPet, displayDate, paidOwner } from '../fixtures/pets.ts';
import { E2E_BRANDS, PRIMARY, projectTag } from '../fixtures/servers.ts';
import { accountMenu } from '../fixtures/ui.ts';

/** Once per language: petention-en runs every test, and this tag adds petention-de. */
const TAGS = { tag: projectTag(PRIMARY.brand, 'de') };

/**
 * Goes to `path` inside the app, as a link would (React Router follows the history's popstate): the document
 * stays, and with it axe once injected. Done when the screen changed: a heading that was not there before, or
 * headings that say something else (a route that keeps its page component can keep its heading's element).
 */
async function navigateInApp(page: Page, path: string) {
  const before = await page.evaluate((target) => {
    const headings = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')];
    for (const heading of headings) heading.setAttribute('data-before-navigation', '');
    history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    return headings.map((heading) => heading.textContent).join('|');
  }, path);
  await expect
    .poll(
      () =>
        page.evaluate((earlier) => {
          const headings = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')];
          return (
            headings.some((heading) => !heading.hasAttribute('data-before-navigation')) ||
            headings.map((heading) => heading.textContent).join('|') !== earlier
          );
        }, before),
      { message: `the app showed ${path}` },
    )
    .toBe(true);
}

/**
 * Shows `path` (the first one of a test by loading it, the others inside the app) and checks it once its
 * heading is there and nothing is loading any more.
 */
async function check(page: Page, t: Translate, path: string, { load = false } = {}) {
  if (load || page.url() === 'about:blank') await page.goto(path);
  else await navigateInApp(page, path);
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

/** The other brands' own projects in English (the language's texts are checked above). */
const OTHER_BRANDS = {
  tag: E2E_BRANDS.filter((b) => b !== PRIMARY.brand).map((b) => projectTag(b, PRIMARY.lang)),
};

test(
  "a11y: a brand's colours, signed out and on the dashboard",
  OTHER_BRANDS,
  async ({ page, api, t, brand }) => {
    test.skip(brand === PRIMARY.brand, 'the sweeps above check every screen of the primary brand');
    await check(page, t, paths.signin);
    await paidOwner(api, page.request, 'Alex Walker');
    // Loaded afresh: the session was made beside the page, which still thinks nobody is signed in.
    await check(page, t, paths.dashboard, { load: true });
    await expect(page).toHaveURL(new RegExp(`${paths.dashboard}$`));
  },
);
