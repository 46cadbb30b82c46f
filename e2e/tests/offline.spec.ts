// The portal without a network (issue 48): after one visit with the service worker in control, My pets, a pet's
// page, its appointments, medical data and contacts, and the emergency download open offline under the
// "offline, showing what was saved on <date>" banner; a write offline is refused in the user's language and
// the form keeps what was typed. Documents, their files and share links are never kept. Signing out leaves no
// answer of the user in the browser's caches and nothing in IndexedDB; a second user signing in on the same
// browser never sees the first one's pets, online or not; deleting that account leaves nothing either.
import { EMERGENCY_FILE_NAMES } from '@pet/shared';
import { apiPaths, documentPath, medicalPath, paths, petPath } from '@pet/shared/paths';
import type { Page } from '@playwright/test';
import { addContact } from '../fixtures/contacts.ts';
import { addDocument, pdfFile } from '../fixtures/documents.ts';
import { downloadedPdf, pdfText } from '../fixtures/emergency.ts';
import { expect, test } from '../fixtures/index.ts';
import { addMedical } from '../fixtures/medical.ts';
import { addAppointment, addPet, displayDate, paidOwner } from '../fixtures/pets.ts';
import { accountMenu } from '../fixtures/ui.ts';

test.use({ serviceWorkers: 'allow' });

/** Until the worker controls the page (registered when the page is idle; the first one takes it at once). */
async function workerInControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/** The emergency file the worker keeps in `language` (its text), or null while none is kept. */
async function keptEmergencyFile(page: Page, language: string): Promise<string | null> {
  const base64 = await page.evaluate(async (url) => {
    const kept = await caches.match(url);
    if (!kept) return null;
    let binary = '';
    for (const byte of new Uint8Array(await kept.arrayBuffer())) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, `${apiPaths.emergency}?language=${language}`);
  return base64 === null ? null : pdfText(Buffer.from(base64, 'base64'));
}

/** Every URL the browser's caches hold, by cache, and the IndexedDB databases: what a page's origin keeps. */
function originStorage(page: Page) {
  return page.evaluate(async () => {
    const caches_: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const keys = await (await caches.open(name)).keys();
      caches_[name] = keys.map((request) => new URL(request.url).pathname + new URL(request.url).search);
    }
    const databases = (await indexedDB.databases()).map((database) => database.name);
    return { caches: caches_, databases };
  });
}

test('offline: the pages read once open without a network, writes are refused and kept, sign-out wipes', {
  tag: '@de',
}, async ({ page, api, t, lang, context, consoleErrors, shot }) => {
  test.slow();
  await paidOwner(api, page.request, lang === 'de' ? 'Erika Mustermann' : 'Alex Walker');
  const pet = await addPet(page.request, api.origin, { name: 'Luna' });
  await addAppointment(page.request, api.origin, pet.id, {
    reason: 'Check-up',
    appointment_date: displayDate(3),
  });
  await addContact(page.request, api.origin, pet.id, {
    contact_type: 'Vet',
    name: 'Paul Sommer',
    phone: '040 1234567',
  });
  await addMedical(page.request, api.origin, pet.id, 'allergy', { name: 'Grass pollen' });
  // A tablet every evening: today's dose is on the pet's page, online and offline (issue 49).
  await addMedical(page.request, api.origin, pet.id, 'medication', {
    name: 'Apoquel',
    in_use: true,
    taking_schedule: [2],
    taking_from: displayDate(-3),
  });
  await addDocument(page.request, api.origin, pet.id, {
    type: 'Insurance',
    description: 'Pet liability',
    files: [pdfFile('policy.pdf', 'Policy 4711')],
  });
  const heading = page.getByRole('heading', { level: 1, name: pet.name });
  /** The pet's page with its daily care: today's dose and the reminders switch (their reads answered). */
  const eveningDose = page.getByRole('checkbox', {
    name: t('doses:dose.label', { medication: 'Apoquel', slot: t('doses:slots.evenings') }),
  });
  const remindersSwitch = page.getByRole('switch', {
    name: new RegExp(`^${t('reminders:optIn.labelOwner', { name: pet.name })}`),
  });
  const openPetPage = async () => {
    await page.goto(petPath(pet));
    await expect(heading).toBeVisible();
    await expect(eveningDose).toBeVisible();
    await expect(remindersSwitch).toBeVisible();
  };
  /** The pet's appointments, medical data and contacts, each page opened and its record seen. */
  const readPetSections = async () => {
    await page.goto(petPath(pet, 'appointments'));
    await expect(page.getByText('Check-up')).toBeVisible();
    await page.goto(medicalPath(pet, 'allergy'));
    await expect(page.getByText('Grass pollen')).toBeVisible();
    await page.goto(petPath(pet, 'contacts'));
    await page.getByRole('button', { name: new RegExp(`^${t('contacts:types.Vet')}`) }).click();
    await expect(page.getByText('Paul Sommer')).toBeVisible();
  };
  const banner = page.getByTestId('offline-banner');

  await test.step('a first visit: the worker takes the page; each page read once', async () => {
    await page.goto(paths.dashboard);
    await workerInControl(page);
    await page.goto(paths.myPets);
    await expect(page.getByText(pet.name).first()).toBeVisible();
    await openPetPage();
    await readPetSections();
    await page.goto(documentPath(pet, 'document-safe', 'insurances'));
    await expect(page.getByText('Pet liability')).toBeVisible();
    await expect(banner).toHaveCount(0);
    // Documents, their files and share links are never kept (the pet's page reads its share links).
    const keptUrls = Object.values((await originStorage(page)).caches).flat();
    expect(keptUrls.some((url) => url.startsWith(`${apiPaths.pet}?pet_id=`))).toBe(true);
    const never = [apiPaths.petDocuments, apiPaths.files, apiPaths.petShareLinks, apiPaths.shareLink];
    expect(keptUrls.filter((url) => never.some((path) => url.startsWith(path)))).toEqual([]);
    // The frame keeps the emergency file in the user's language in idle time, without a click.
    await expect.poll(() => keptEmergencyFile(page, lang), { timeout: 20_000 }).toContain('Paul Sommer');
  });

  await test.step('offline: each page opens from what was kept, under the banner', async () => {
    // Without a network the page's requests fail (the pictures, the log): expected here.
    consoleErrors.allow(/net::ERR_INTERNET_DISCONNECTED/);
    await context.setOffline(true);
    const savedOn = new RegExp(
      t('common:offline.banner', { date: '\\d\\d\\.\\d\\d\\.\\d{4} \\d\\d:\\d\\d' }),
    );
    await page.goto(paths.myPets);
    await expect(page.getByText(pet.name).first()).toBeVisible();
    await expect(banner).toHaveText(savedOn);
    await page.reload();
    await expect(page.getByText(pet.name).first()).toBeVisible();
    await openPetPage();
    await expect(banner).toBeVisible();
    await shot('offline-pet');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('offline-pet-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await readPetSections();
    await expect(banner).toBeVisible();
    await page.goto(paths.emergencyData);
    const download = page.getByRole('region', { name: t('emergency:download.title'), exact: true });
    const downloading = page.waitForEvent('download');
    await download.getByRole('button', { name: t('emergency:download.button'), exact: true }).click();
    const file = await downloadedPdf(await downloading);
    expect(file.name).toBe(EMERGENCY_FILE_NAMES[lang]);
    for (const text of [pet.name, 'Paul Sommer', 'Grass pollen']) expect(file.text).toContain(text);
    await page.goto(petPath(pet, 'contacts'));
    await expect(banner).toBeVisible();
  });

  await test.step('offline: a new contact is refused with the no-network text; the form keeps what was typed, sent once online', async () => {
    await page.getByRole('button', { name: t('contacts:list.newType') }).click();
    const form = page.getByTestId('contact-new-type');
    const field = (key: string) =>
      form.getByRole('textbox', { name: t(`contacts:fields.${key}`), exact: true });
    await field('new_type').fill('Physio');
    await field('name').fill('Jana Berg');
    await field('phone').fill('040 7654321');
    await form.getByRole('button', { name: t('contacts:add.submit'), exact: true }).click();
    await expect(page.getByText(t('errors:No_Internet_Text')).first()).toBeVisible();
    await expect(field('name')).toHaveValue('Jana Berg');
    await expect(field('phone')).toHaveValue('040 7654321');

    // Back online, the same form is sent again as it was kept; the emergency file kept is made anew with it.
    await context.setOffline(false);
    await form.getByRole('button', { name: t('contacts:add.submit'), exact: true }).click();
    await expect(page.getByText(t('contacts:add.saved'))).toBeVisible();
    await expect.poll(() => keptEmergencyFile(page, lang), { timeout: 20_000 }).toContain('Jana Berg');
  });

  await test.step('online: the banner goes with the next fresh answer; sign out leaves nothing of the user', async () => {
    await page.goto(paths.myPets);
    await expect(page.getByText(pet.name).first()).toBeVisible();
    await expect(banner).toHaveCount(0);
    await accountMenu(page, t).click();
    await page.getByRole('menuitem', { name: t('common:actions.logout') }).click();
    await expect(page).toHaveURL(/\/signin/);
    await expect
      .poll(async () => {
        const kept = await originStorage(page);
        return Object.values(kept.caches)
          .flat()
          .filter((url) => url.startsWith('/v1/'));
      })
      .toEqual([]);
    const kept = await originStorage(page);
    expect(kept.databases).toEqual([]);
    // The app's own files stay: the sign-in page opens offline too.
    expect(
      Object.values(kept.caches)
        .flat()
        .some((url) => url.startsWith('/assets/')),
    ).toBe(true);
  });

  await test.step('a second user on the same browser sees none of the first one’s pets, online or offline', async () => {
    await paidOwner(api, page.request, lang === 'de' ? 'Max Muster' : 'Sam Green');
    const rex = await addPet(page.request, api.origin, { name: 'Rex' });
    await page.goto(paths.myPets);
    await expect(page.getByText(rex.name).first()).toBeVisible();
    await expect(page.getByText(pet.name)).toHaveCount(0);
    // The kept answers are the second user's (the first one's were wiped at sign-out; any answer kept before
    // the new owner was named is read again), the emergency file too.
    await expect
      .poll(async () => Object.values((await originStorage(page)).caches).flat())
      .toEqual(expect.arrayContaining([apiPaths.myInfo, apiPaths.pet]));
    await expect.poll(() => keptEmergencyFile(page, lang), { timeout: 20_000 }).toContain(rex.name);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText(rex.name).first()).toBeVisible();
    await expect(page.getByText(pet.name)).toHaveCount(0);
    const kept = await originStorage(page);
    expect(
      Object.values(kept.caches)
        .flat()
        .filter((url) => url.includes(pet.id)),
    ).toEqual([]);
    await context.setOffline(false);
  });
});
