// The document safe and the vet findings (issue 11), in the user's language: the hubs with their lists and
// counts; a document of three files added on a slowed line (the description's message on blur, each file's
// own progress bar, a third file waiting for its turn), its files shown and served (a thumbnail, the picture
// and the PDF opening in a new tab, the text file downloading), its description edited, the document deleted
// after the confirmation; a vet finding counted on its hub and in the "Download all" ZIP; and a free plan at
// its document limit, whose plus is disabled with the limit message and its upgrade link.
import { brandConfig } from '@pet/shared';
import { offersUpgrade } from '@pet/shared/entitlements';
import { apiPaths, documentPath } from '@pet/shared/paths';
import type { Locator, Page } from '@playwright/test';
import { addDocument, type FilePayload, pdfFile, petDocuments, textFile } from '../fixtures/documents.ts';
import { expect, type Translate, test } from '../fixtures/index.ts';
import { addPet, displayDate, freeOwner, ownerPlan, paidOwner, pictureFile } from '../fixtures/pets.ts';
import { expectFieldError, untilStill } from '../fixtures/ui.ts';

/** Bytes a second the slowed line uploads: the three files take a few seconds, long enough to watch. */
const SLOW_UPLOAD = 200 * 1024;

/** "n documents" as the hubs write it (i18next's plural forms, which the test's `t` does not pick). */
function documentsCount(t: Translate, count: number) {
  return t(`documents:hub.count_${count === 0 ? 'zero' : count === 1 ? 'one' : 'other'}`, { count });
}

/**
 * Records, in the page, every file whose own bar showed a value between 0 and 100 (uploading, seen part-way).
 * A recorder and not a poll: on a busy machine a small file's whole upload can fall between two polls or
 * into the time a screenshot takes.
 */
async function recordUploadsPartWay(page: Page) {
  await page.evaluate(() => {
    const seen = new Set<string>();
    (window as unknown as { partWay: Set<string> }).partWay = seen;
    const note = (bar: Element) => {
      const value = Number(bar.getAttribute('aria-valuenow'));
      const name = bar.closest('[data-testid="picked-file"]')?.getAttribute('aria-label');
      if (name && value > 0 && value < 100) seen.add(name);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes') note(record.target as Element);
        for (const added of record.addedNodes) {
          if (added instanceof Element)
            for (const bar of added.querySelectorAll('[aria-valuenow]')) note(bar);
        }
      }
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
}

/** Waits until the recorder saw the file's own bar between 0 and 100. */
async function expectUploadingPartWay(page: Page, name: string) {
  await expect
    .poll(
      () => page.evaluate((file) => (window as unknown as { partWay: Set<string> }).partWay.has(file), name),
      {
        message: `${name}'s progress between 0 and 100`,
        intervals: [50],
      },
    )
    .toBe(true);
}

/** The served file: 200, its type, and the bytes that were uploaded. */
async function expectServed(page: Page, link: Locator, file: FilePayload) {
  const href = await link.getAttribute('href');
  expect(href).toBeTruthy();
  const res = await page.request.get(href ?? '');
  expect(res.status(), `GET ${href}`).toBe(200);
  expect(res.headers()['content-type']).toBe(file.mimeType);
  expect((await res.body()).equals(file.buffer), `${file.name}: the bytes that were uploaded`).toBe(true);
}

test('documents: the hubs, a document of three files uploaded on a slow line, viewed, edited and deleted; a vet finding in the ZIP', async ({
  page,
  api,
  t,
  lang,
  shot,
  consoleErrors,
}) => {
  test.slow();
  await paidOwner(api, page.request, lang === 'de' ? 'Erika Mustermann' : 'Alex Walker');
  const pet = await addPet(page.request, api.origin, { name: 'Luna' });
  const saved = async () => (await petDocuments(page.request, api.origin, pet.id)).data;
  const description = page.getByRole('textbox', { name: t('documents:form.description'), exact: true });
  const insurances = documentPath(pet, 'document-safe', 'insurances');
  const addInsurance = t('documents:add.insurance');

  // The document safe: its six lists, each empty; nothing to download yet.
  await page.goto(documentPath(pet, 'document-safe'));
  await expect(page.getByRole('heading', { level: 1, name: pet.name })).toBeVisible();
  const lists = page.getByRole('navigation', { name: t('documents:hub.listsLabel') }).getByRole('link');
  await expect(lists).toHaveCount(6);
  await expect(lists).toContainText(Array(6).fill(documentsCount(t, 0)));
  await expect(page.getByTestId('document-list-insurances')).toContainText(t('documents:types.insurance'));
  await expect(page.getByRole('button', { name: t('documents:hub.downloadAll') })).toBeDisabled();
  await shot('documents-hub-safe');

  // Insurances: the empty state with its plus.
  await page.getByTestId('document-list-insurances').click();
  await expect(page).toHaveURL(new RegExp(`${insurances}$`));
  await expect(page.getByText(t('documents:empty.title'))).toBeVisible();
  await shot('documents-list-empty');
  await page.getByRole('link', { name: addInsurance, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${documentPath(pet, 'document-safe', 'insurances', 'add')}$`));

  // The description says it is required when it is left empty; Save without files says files are needed.
  await description.focus();
  await description.blur();
  await expectFieldError(description, t('errors:Description_Text_Error'));
  await page.getByRole('button', { name: addInsurance, exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: t('errors:Document_Error') })).toBeVisible();
  expect(await saved()).toHaveLength(0);
  await shot('documents-add-errors');

  // Three files picked at once: a picture, a PDF and a text file, big enough to take a while on a slow line.
  const picture = await pictureFile(page, 'vertrag-foto.jpg', { width: 1000, height: 700 }, 80);
  const pdf = pdfFile('police-2026.pdf', 'Police 2026', 450_000);
  const notes = textFile('notizen.txt', 350_000);
  const files = [picture, pdf, notes];
  expect(picture.buffer.length, 'the picture is big enough to watch it upload').toBeGreaterThan(300_000);
  await page.getByLabel(t('documents:form.files'), { exact: true }).setInputFiles(files);
  await expect(page.getByTestId('picked-file')).toHaveCount(3);
  await expect(page.getByRole('alert').filter({ hasText: t('errors:Document_Error') })).toHaveCount(0);
  const policy = lang === 'de' ? 'Haftpflicht 2026' : 'Liability policy 2026';
  await description.fill(policy);
  await expect(description).not.toHaveAttribute('aria-invalid', 'true');

  // The line slowed (Chromium's throttling, which also holds back an XHR's upload body): each file shows its
  // own progress, at most two at a time, so the text file waits for its turn.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: SLOW_UPLOAD,
  });
  await recordUploadsPartWay(page);
  const started = Date.now();
  await page.getByRole('button', { name: addInsurance, exact: true }).click();
  await expectUploadingPartWay(page, picture.name);
  await expectUploadingPartWay(page, pdf.name);
  await expect(page.getByRole('listitem', { name: notes.name, exact: true }).getByRole('status')).toHaveText(
    t('documents:form.waiting', { name: notes.name }),
  );
  await shot('documents-add-uploading');
  await expectUploadingPartWay(page, notes.name);
  await expect(page.getByText(t('documents:add.saved'))).toBeVisible();
  const uploadSeconds = (Date.now() - started) / 1000;
  const bytes = files.reduce((sum, file) => sum + file.buffer.length, 0);
  test.info().annotations.push({
    type: 'throttled upload',
    description: `${bytes} bytes in ${uploadSeconds.toFixed(1)} s`,
  });
  // Unthrottled, the loopback takes a fraction of a second; slowed, about bytes / SLOW_UPLOAD.
  expect(uploadSeconds, 'the throttled upload took its time').toBeGreaterThan((bytes / SLOW_UPLOAD) * 0.7);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await cdp.detach();

  // Back on the list: the description left, today's date right; the API has it with the three files.
  await expect(page).toHaveURL(new RegExp(`${insurances}$`));
  const row = page.getByTestId('document-row');
  await expect(row).toHaveCount(1);
  const rowButton = row.getByRole('button', { name: new RegExp(policy) });
  await expect(rowButton).toContainText(displayDate(0));
  const [document] = await saved();
  expect(document).toMatchObject({ document_type: 'Insurance', description: policy });
  expect(document?.doc_url).toHaveLength(3);

  // Open: three files, a thumbnail for the picture; the picture and the PDF open in a new tab, the text file
  // downloads; each link serves the uploaded bytes with their type to the signed-in owner.
  await rowButton.click();
  // An opening row's panel: let it come to rest before pressing in it.
  await untilStill(page);
  const shown = row.getByRole('list', { name: t('documents:view.files') }).getByTestId('document-file');
  await expect(shown).toHaveCount(3);
  await expect(row.getByTestId('file-thumbnail')).toHaveCount(1);
  await expect(row.getByTestId('file-thumbnail')).toHaveJSProperty('complete', true);
  expect(await row.getByTestId('file-thumbnail').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(
    1000,
  );
  const open = (name: string) => row.getByRole('link', { name: t('documents:view.open', { name }) });
  const download = row.getByRole('link', { name: t('documents:view.download', { name: notes.name }) });
  await expect(open(picture.name)).toHaveAttribute('target', '_blank');
  await expect(open(pdf.name)).toHaveAttribute('target', '_blank');
  await expect(download).toHaveAttribute('download', notes.name);
  await expect(download).not.toHaveAttribute('target', '_blank');
  await shot('documents-list-open');
  await expectServed(page, open(picture.name), picture);
  await expectServed(page, open(pdf.name), pdf);
  await expectServed(page, download, notes);
  // The new tab has the session too: the picture shows there. Chromium's own viewer of the picture may try a
  // script of its own, which the served file's sandbox refuses (served-file-headers.ts), as it should.
  consoleErrors.allow(
    /^Blocked script execution in '[^']+\/v1\/files\/[0-9a-f-]+' because the document's frame is sandboxed/,
  );
  const [tab] = await Promise.all([page.context().waitForEvent('page'), open(picture.name).click()]);
  await tab.waitForLoadState();
  await expect(tab.locator('img')).toHaveJSProperty('naturalWidth', 1000);
  await tab.close();

  // Edit the description: Cancel keeps it, Save changes it and closes the row.
  const renamed = lang === 'de' ? 'Haftpflicht 2026 (verlängert)' : 'Liability policy 2026 (renewed)';
  await row.getByRole('button', { name: t('documents:view.edit'), exact: true }).click();
  await expect(description).toHaveValue(policy);
  await description.fill('x');
  await row.getByRole('button', { name: t('common:actions.cancel'), exact: true }).click();
  await expect(description).toHaveCount(0);
  await expect(row.getByRole('region').getByText(policy, { exact: true })).toBeVisible();
  await row.getByRole('button', { name: t('documents:view.edit'), exact: true }).click();
  await expect(description).toHaveValue(policy);
  await description.fill(renamed);
  await shot('documents-edit');
  await row.getByRole('button', { name: t('documents:edit.save'), exact: true }).click();
  await expect(page.getByText(t('documents:edit.saved'))).toBeVisible();
  await expect(
    row.getByRole('button', { name: new RegExp(renamed.replace(/[()]/g, '\\$&')) }),
  ).toHaveAttribute('aria-expanded', 'false');
  expect((await saved()).map((item) => item.description)).toEqual([renamed]);

  // Delete after the confirmation: the empty list, and the API has none.
  await row.getByRole('button', { name: new RegExp(renamed.replace(/[()]/g, '\\$&')) }).click();
  await row.getByRole('button', { name: t('documents:view.delete'), exact: true }).click();
  const confirm = page.getByRole('dialog', { name: t('documents:edit.confirmTitle') });
  await expect(confirm).toContainText(t('documents:edit.confirmText'));
  await shot('documents-delete-confirm');
  await confirm.getByRole('button', { name: t('documents:edit.confirmDelete'), exact: true }).click();
  await expect(page.getByText(t('documents:edit.deleted'))).toBeVisible();
  await expect(page.getByText(t('documents:empty.title'))).toBeVisible();
  await expect(page.getByTestId('document-row')).toHaveCount(0);
  expect(await saved()).toHaveLength(0);

  // Vet findings: a laboratory finding with a PDF; its hub counts it and "Download all" is its ZIP.
  const findings = documentPath(pet, 'vet-findings', 'laboratory-findings');
  const addFinding = t('documents:add.laboratory');
  const bloodCount = lang === 'de' ? 'Blutbild März' : 'Blood count March';
  const report = pdfFile('blutbild.pdf', 'Blutbild');
  await page.goto(documentPath(pet, 'vet-findings', 'laboratory-findings', 'add'));
  await description.fill(bloodCount);
  await page.getByLabel(t('documents:form.files'), { exact: true }).setInputFiles([report]);
  await page.getByRole('button', { name: addFinding, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${findings}$`));
  await expect(page.getByTestId('document-row')).toContainText(bloodCount);
  await page.goto(documentPath(pet, 'vet-findings'));
  await expect(page.getByTestId('document-list-laboratory-findings')).toContainText(documentsCount(t, 1));
  await expect(page.getByTestId('document-list-xrays')).toContainText(documentsCount(t, 0));
  const downloadAll = page.getByRole('link', { name: t('documents:hub.downloadAll') });
  await expect(downloadAll).toHaveAttribute('href', `${apiPaths.petDocumentsZip}?pet_id=${pet.id}`);
  await shot('documents-hub-vet');
  const zip = await page.request.get((await downloadAll.getAttribute('href')) ?? '');
  expect(zip.status()).toBe(200);
  const body = await zip.body();
  expect(body.subarray(0, 2).toString('latin1'), 'a ZIP').toBe('PK');
  expect(body.includes(Buffer.from(report.name)), `${report.name} in the ZIP`).toBe(true);
  expect((await saved()).map((item) => item.document_type)).toEqual(['Laboratory Findings']);
});

test("documents: at the free plan's limit the plus is disabled with the limit message and its link", async ({
  page,
  api,
  t,
  brand,
  lang,
  shot,
}) => {
  const owner = await freeOwner(api, page.request, lang === 'de' ? 'Erika Mustermann' : 'Alex Walker');
  test.skip(!owner, 'every account of this brand has a paid plan');
  const pet = await addPet(page.request, api.origin, { name: 'Luna' });
  const plan = await ownerPlan(page.request, api.origin);
  for (let i = 1; i <= plan.documents_limit; i += 1) {
    await addDocument(page.request, api.origin, pet.id, {
      type: 'Bills',
      description: `${lang === 'de' ? 'Rechnung' : 'Bill'} ${i}`,
      files: [textFile(`bill-${i}.txt`)],
    });
  }
  const addBill = t('documents:add.bill');

  await page.goto(documentPath(pet, 'document-safe', 'bill'));
  await expect(page.getByTestId('document-row')).toHaveCount(plan.documents_limit);
  const notice = page.getByTestId('plan-limit-notice');
  await expect(notice).toContainText(t('errors:Basic_Document_Limit_Reached_Message'));
  const upgrade = notice.getByRole('link', { name: t('plans:limit.upgrade') });
  if (offersUpgrade(brandConfig(brand), plan)) {
    await expect(upgrade).toHaveAttribute('href', '/my-account/subscription');
  } else {
    await expect(upgrade).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: addBill })).toBeDisabled();
  await expect(page.getByRole('link', { name: addBill })).toHaveCount(0);
  await shot('documents-limit');

  // Typed in by hand, the add page shows only the notice, with the way back.
  await page.goto(documentPath(pet, 'document-safe', 'bill', 'add'));
  await expect(page.getByTestId('plan-limit-notice')).toContainText(
    t('errors:Basic_Document_Limit_Reached_Message'),
  );
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByLabel(t('documents:form.files'), { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: t('documents:add.back') }).click();
  await expect(page).toHaveURL(new RegExp(`${documentPath(pet, 'document-safe', 'bill')}$`));
});
