// The emergency file (issue 12), in the user's language: on /emergency-data the owner creates a personal
// emergency password, downloads the emergency file (busy while it comes, saved under the language's name,
// its text read back with pdftotext: the pet, the vet, the allergy) and the pet's QR tag (the pet and the
// password on it). A finder in a browser without a session opens /notfall, which starts in German: the
// required message, a wrong password in German and in English, then the right one downloads the file. The
// owner sees that download in the log (its language and a coarse client) and got the "opened" mail; a
// replaced password asks first. A free plan shows the paid-service prompt and a disabled Download.
// One test: each costs about 3.4 s of CPU before it starts, and the finder and the free owner share the
// second browser context.
import { brandConfig, EMERGENCY_FILE_NAMES, type EmergencyLanguage } from '@pet/shared';
import { apiPaths, paths } from '@pet/shared/paths';
import type { Page } from '@playwright/test';
import { addContact } from '../fixtures/contacts.ts';
import { downloadedPdf, pdfWords } from '../fixtures/emergency.ts';
import { expect, mailText, type Translate, test, translator } from '../fixtures/index.ts';
import { addMedical } from '../fixtures/medical.ts';
import { addPet, freeOwner, paidOwner } from '../fixtures/pets.ts';
import { expectFieldError } from '../fixtures/ui.ts';

/** /notfall's form, found by its labels in the page's current language. */
function finderForm(page: Page, t: Translate) {
  return {
    heading: page.getByRole('heading', { level: 1, name: t('emergency:notfall.title'), exact: true }),
    password: page.getByRole('textbox', { name: t('emergency:notfall.password'), exact: true }),
    language: (language: EmergencyLanguage) =>
      page.getByRole('radio', { name: t(`common:language.${language}`), exact: true }),
    /** A segment as a person presses it: its label (the radio itself is hidden under it). */
    pickLanguage: (language: EmergencyLanguage) =>
      page
        .locator('form')
        .getByText(t(`common:language.${language}`), { exact: true })
        .click(),
    download: page.getByRole('button', { name: t('emergency:notfall.download'), exact: true }),
    alert: page.getByRole('alert'),
    downloaded: page.getByRole('status').filter({ hasText: t('emergency:notfall.downloaded') }),
  };
}

/** /emergency-data's sections, each a region named by its heading. */
function emergencyPage(page: Page, t: Translate) {
  const region = (key: string) => page.getByRole('region', { name: t(key), exact: true });
  const download = region('emergency:download.title');
  const password = region('emergency:password.title');
  return {
    heading: page.getByRole('heading', { level: 1, name: t('emergency:emergencyData.title') }),
    download,
    language: download.getByRole('combobox', { name: t('emergency:download.language') }),
    downloadButton: download.getByRole('button', { name: t('emergency:download.button'), exact: true }),
    password,
    passwordField: password.getByRole('textbox', { name: t('emergency:password.label'), exact: true }),
    tags: region('emergency:tags.title'),
    downloads: region('emergency:downloads.title'),
  };
}

test('emergency file: the owner downloads it and a QR tag; a finder on /notfall; the log and the mail; a free plan', {
  tag: '@de',
}, async ({
  page,
  api,
  t,
  brand,
  lang,
  shot,
  mailbox,
  browser,
  baseURL,
  locale,
  timezoneId,
  viewport,
  consoleErrors,
}) => {
  // Refused on purpose: the finder types a wrong emergency password (404, "Ungültiges Notfallpasswort").
  consoleErrors.allow({ url: /\/v1\/emergency\/public\?activation_code=FALSCH/, status: 404 });
  test.slow();
  const owner = await paidOwner(api, page.request, lang === 'de' ? 'Erika Mustermann' : 'Alex Walker');
  const pet = await addPet(page.request, api.origin, { name: 'Luna' });
  await addContact(page.request, api.origin, pet.id, {
    contact_type: 'Vet',
    title: 'Dr.',
    name: 'Paul Sommer',
    phone: '040 1234567',
  });
  const allergy = lang === 'de' ? 'Gräserpollen' : 'Grass pollen';
  await addMedical(page.request, api.origin, pet.id, 'allergy', { name: allergy });
  const screen = emergencyPage(page, t);
  let password = '';

  await test.step('/emergency-data: no password yet; create one', async () => {
    await page.goto(paths.emergencyData);
    await expect(screen.heading).toBeVisible();
    await expect(screen.password).toContainText(t('emergency:password.none'));
    await expect(screen.tags).toContainText(t('emergency:tags.needsPassword'));
    await expect(screen.downloads.getByTestId('downloads-empty')).toHaveText(t('emergency:downloads.empty'));
    await screen.password.getByRole('button', { name: t('emergency:password.create'), exact: true }).click();
    await expect(page.getByText(t('emergency:password.created'))).toBeVisible();
    await expect(screen.passwordField).toHaveValue(/^[A-Z0-9]{10,}$/);
    await expect(screen.passwordField).toHaveAccessibleDescription(t('emergency:password.source_personal'));
    password = await screen.passwordField.inputValue();
  });

  await test.step('download the emergency file in the UI language: busy, then the PDF with the pet, vet and allergy', async () => {
    await expect(screen.language).toHaveValue(lang);
    // The answer held until the busy state was seen: on a fast machine it would be over before a look.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ownFile = (url: URL) => url.pathname === apiPaths.emergency;
    await page.route(ownFile, async (route) => {
      await held;
      await route.continue();
    });
    const downloading = page.waitForEvent('download');
    await screen.downloadButton.click();
    await expect(screen.downloadButton).toHaveAttribute('data-loading', 'true');
    await expect(screen.downloadButton).toBeDisabled();
    await expect(screen.language).toBeDisabled();
    release();
    const file = await downloadedPdf(await downloading);
    await page.unroute(ownFile);
    expect(file.name).toBe(EMERGENCY_FILE_NAMES[lang]);
    expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    for (const text of [pdfWords(lang, 'file.title'), pet.name, owner.name, 'Paul Sommer', allergy]) {
      expect(file.text, `${text} in ${file.name}`).toContain(text);
    }
    await expect(screen.downloadButton).toBeEnabled();
  });

  await test.step("download the pet's QR tag: the pet's name and the password on it", async () => {
    const downloading = page.waitForEvent('download');
    await screen.tags
      .getByRole('button', { name: t('emergency:tags.downloadFor', { name: pet.name }), exact: true })
      .click();
    const tag = await downloadedPdf(await downloading);
    expect(tag.name).toBe(`${lang === 'de' ? 'Notfallanhaenger' : 'Emergency_Tag'}_${pet.name}.pdf`);
    for (const text of [pdfWords(lang, 'tag.title'), pet.name, password]) {
      expect(tag.text, `${text} on the tag`).toContain(text);
    }
  });

  // A browser without a session, as the finder's: the project's locale, which /notfall does not follow.
  const finderContext = await browser.newContext({ baseURL, locale, timezoneId, viewport });
  const finder = await finderContext.newPage();
  const inGerman = translator('de', brand);
  const inEnglish = translator('en', brand);
  const german = finderForm(finder, inGerman);
  const english = finderForm(finder, inEnglish);
  const finderLanguage: EmergencyLanguage = lang;

  await test.step('/notfall starts in German: the required message, then a wrong password', async () => {
    await finder.goto(paths.notfall);
    await expect(german.heading).toBeVisible();
    await expect(german.language('de')).toBeChecked();
    await shot('notfall-default', finder);
    await german.download.click();
    await expectFieldError(german.password, inGerman('errors:Emergency_Password_Required_Text'));
    await german.password.fill('FALSCH12345');
    await german.download.click();
    await expect(german.alert).toHaveText(inGerman('errors:Emergency_Password_Invalid_Text'));
    await shot('notfall-invalid', finder);
  });

  await test.step('in English: the page and the wrong-password message', async () => {
    await english.pickLanguage('en');
    await expect(english.language('en')).toBeChecked();
    await expect(english.heading).toBeVisible();
    // A new language starts a new try: the German message went with the German page.
    await expect(english.alert).toHaveCount(0);
    await english.download.click();
    await expect(english.alert).toHaveText(inEnglish('errors:Emergency_Password_Invalid_Text'));
  });

  await test.step(`the right password downloads the file in ${finderLanguage}`, async () => {
    let form = english;
    if (finderLanguage === 'de') {
      // As the QR tag opens it: the password filled in, the page German.
      await finder.goto(`${paths.notfall}?code=${encodeURIComponent(password)}`);
      form = german;
      await expect(form.heading).toBeVisible();
      await expect(form.password).toHaveValue(password);
    } else {
      await form.password.fill(` ${password} `);
    }
    const downloading = finder.waitForEvent('download');
    await form.download.click();
    const file = await downloadedPdf(await downloading);
    expect(file.name).toBe(EMERGENCY_FILE_NAMES[finderLanguage]);
    for (const text of [pdfWords(finderLanguage, 'file.title'), pet.name, 'Paul Sommer', allergy]) {
      expect(file.text, `${text} in the finder's ${file.name}`).toContain(text);
    }
    await expect(form.downloaded).toBeVisible();
    await expect(form.alert).toHaveCount(0);
  });

  await test.step('/notfall on a phone (390 px): nothing wider than the screen', async () => {
    await finder.setViewportSize({ width: 390, height: 844 });
    await expect(german.heading.or(english.heading)).toBeVisible();
    expect(await finder.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot('notfall-390', finder);
    if (viewport) await finder.setViewportSize(viewport);
  });

  await test.step('the owner sees the public download in the log and got the mail', async () => {
    await page.reload();
    const rows = screen.downloads.getByRole('row');
    // The header and the one download.
    await expect(rows).toHaveCount(2);
    const row = rows.nth(1);
    await expect(row.getByRole('cell').nth(1)).toHaveText(t(`common:language.${finderLanguage}`));
    const client = row.getByRole('cell').nth(2);
    await expect(client).not.toHaveText(t('emergency:downloads.unknownClient'));
    // A browser and system family, never the whole User-Agent.
    await expect(client).toHaveText('Chrome · Linux');
    await shot('emergency-data');

    const mail = await mailbox.waitFor(owner.email, {
      subject: mailText(lang, 'emergencyOpened.subject', { brand: brandConfig(brand).displayName }),
    });
    expect(mail.text).toContain(mailText(lang, 'emergencyOpened.greeting', { name: owner.name }));
    expect(mail.text).toContain(mailText(lang, `emergencyOpened.language.${finderLanguage}`));
    expect(mail.text).toContain(
      mailText(lang, 'emergencyOpened.client', { client: (await client.textContent()) ?? '' }),
    );
  });

  await test.step('replacing the password asks first, then shows a new one', async () => {
    await screen.password.getByRole('button', { name: t('emergency:password.replace'), exact: true }).click();
    const confirm = page.getByRole('dialog', { name: t('emergency:password.replaceTitle') });
    await expect(confirm).toContainText(t('emergency:password.replaceText'));
    await shot('emergency-replace-confirm');
    await confirm.getByRole('button', { name: t('emergency:password.replace'), exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(screen.passwordField).not.toHaveValue(password);
    await expect(screen.passwordField).toHaveValue(/^[A-Z0-9]{10,}$/);
  });

  await test.step('a free plan: the paid-service prompt with its link, Download disabled', async () => {
    // A brand that holds an account without a product on activate-product never shows it this page.
    if (brandConfig(brand).holdWithoutProduct) {
      test.info().annotations.push({ type: 'skipped step', description: 'free accounts are held' });
      return;
    }
    // In the finder's browser, which has no session yet: a free owner signs in there.
    const free = await freeOwner(api, finderContext.request, lang === 'de' ? 'Max Muster' : 'Sam Free');
    if (!free) {
      test.info().annotations.push({ type: 'skipped step', description: 'the brand has no free plan' });
      return;
    }
    const freeScreen = emergencyPage(finder, t);
    await finder.goto(paths.emergencyData);
    await expect(freeScreen.heading).toBeVisible();
    const notice = freeScreen.download.getByTestId('plan-limit-notice');
    await expect(notice).toContainText(t('errors:Paid_Service_Title'));
    await expect(notice).toContainText(t('errors:Paid_Service_Text'));
    const upgrade = notice.getByRole('link', { name: t('plans:limit.upgrade') });
    if (brandConfig(brand).upgradeLinkInFreeMessage) {
      await expect(upgrade).toHaveAttribute('href', paths.subscription);
    } else {
      await expect(upgrade).toHaveCount(0);
    }
    await expect(freeScreen.downloadButton).toBeDisabled();
    await expect(freeScreen.password).toContainText(t('emergency:password.noneNotAllowed'));
    await expect(freeScreen.password.getByRole('button')).toHaveCount(0);
    await expect(freeScreen.tags).toContainText(t('emergency:tags.notAllowed'));
    await shot('emergency-free-plan', finder);
  });
  await finderContext.close();
});
