// "Download my data" on the profile (issue 15 point 3), in English and German: the button is busy while
// the ZIP comes, the file is saved under the server's name, and it holds data.json (the account, the pet,
// its document) in the API's field names, the README in the user's language and the document's file.
import { apiPaths, paths } from '@pet/shared/paths';
import { addDocument, pdfFile } from '../fixtures/documents.ts';
import { downloadedBytes } from '../fixtures/emergency.ts';
import { expect, test } from '../fixtures/index.ts';
import { addPet, paidOwner } from '../fixtures/pets.ts';
import { zipEntries } from '../fixtures/zip.ts';

test('profile: download my data, then open its JSON', { tag: '@de' }, async ({
  page,
  t,
  lang,
  api,
  seed,
  shot,
}) => {
  const owner = await paidOwner(api, page.request, seed.user().name);
  const petName = lang === 'de' ? 'Hasso' : 'Buddy';
  const pet = await addPet(page.request, api.origin, { name: petName });
  const report = pdfFile('blood-count.pdf', `${petName} blood count`);
  await addDocument(page.request, api.origin, pet.id, {
    type: 'Insurance',
    description: lang === 'de' ? 'Police' : 'Policy',
    files: [report],
  });

  await page.goto(paths.profile);
  const card = page.getByRole('region', { name: t('account:dataExport.title') });
  await expect(card).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot('profile-data-export');

  // The answer is held until the busy state has been seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${apiPaths.accountExport}`, async (route) => {
    await held;
    await route.continue();
  });
  const button = card.getByRole('button', { name: t('account:dataExport.button'), exact: true });
  const downloading = page.waitForEvent('download');
  await button.click();
  await expect(button).toHaveAttribute('data-loading', 'true');
  await expect(card.getByRole('status')).toHaveText(t('account:dataExport.starting'));
  await shot('profile-data-export-busy');
  release();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^[a-z-]+-data-\d{4}-\d\d-\d\d\.zip$/);
  const entries = zipEntries(await downloadedBytes(download));
  await expect(card.getByText(t('account:dataExport.downloaded'))).toBeVisible();
  await expect(button).toBeEnabled();
  await shot('profile-data-export-done');

  const folder = `pets/${petName}/documents/Insurance/${lang === 'de' ? 'Police' : 'Policy'}`;
  expect([...entries.keys()]).toEqual(['data.json', 'README.txt', `${folder}/blood-count.pdf`]);
  expect(entries.get(`${folder}/blood-count.pdf`)?.equals(report.buffer)).toBe(true);
  const data = JSON.parse(entries.get('data.json')!.toString('utf8'));
  expect(data.account).toMatchObject({ email: owner.email, name: owner.name, language: lang });
  expect(data.pets).toMatchObject([
    { id: pet.id, name: petName, documents: [{ document_type: 'Insurance' }] },
  ]);
  expect(entries.get('README.txt')?.toString('utf8')).toContain(
    lang === 'de' ? 'Ihre Daten bei' : 'Your data from',
  );

  // A large account is prepared by the server (the API tests run that path): the card says a mail will come.
  await page.unroute(`**${apiPaths.accountExport}`);
  await page.route(`**${apiPaths.accountExport}`, (route) =>
    route.fulfill({
      status: 202,
      contentType: 'application/json',
      body: JSON.stringify({ status: 'preparing' }),
    }),
  );
  await button.click();
  await expect(card.getByText(t('account:dataExport.preparingTitle'))).toBeVisible();
  await shot('profile-data-export-preparing');
});
