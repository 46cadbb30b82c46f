// Share links (issue 12, point 8): the owner makes a read-only link on the pet's page and copies it; a vet
// opens it in a fresh browser (no session) and sees the pet's profile, contacts and medical data; once the
// owner has revoked it, the same address says the link has expired or is unknown.
import { apiPaths, petPath } from '@pet/shared/paths';
import { ANY, withAny } from '../fixtures/i18n.ts';
import { expect, test } from '../fixtures/index.ts';
import { addMedical } from '../fixtures/medical.ts';
import { addPet, paidOwner } from '../fixtures/pets.ts';

test('share links: made on the pet’s page, opened without a session, revoked', async ({
  page,
  browser,
  api,
  t,
  shot,
  consoleErrors,
}) => {
  // Refused on purpose: the revoked link opened again (404).
  consoleErrors.allow({ url: /\/v1\/shared\/[^/]+$/, status: 404 });
  test.slow();
  await paidOwner(api, page.request, 'Alex Walker');
  const luna = await addPet(page.request, api.origin, { name: 'Luna', race: 'Beagle' });
  const contact = await page.request.post(`${api.origin}${apiPaths.contact}`, {
    params: { pet_id: luna.id },
    data: { name: 'Dr. Huber', phone: '030 123456', contact_type: 'Vet' },
  });
  expect(contact.status()).toBe(201);
  await addMedical(page.request, api.origin, luna.id, 'allergy', { name: 'Pollen' });

  await page.goto(petPath(luna, 'my-pet'));
  const card = page.getByRole('region', { name: t('share:card.title') });
  await expect(card.getByText(t('share:card.none'))).toBeVisible();
  await card.getByRole('combobox', { name: t('share:card.days') }).click();
  await page
    .getByRole('option', { name: t('share:card.dayOption_other', { count: 3 }), exact: true })
    .click();
  await card.getByRole('button', { name: t('share:card.create') }).click();
  const address = card.getByRole('textbox', { name: t('share:card.urlLabel') });
  await expect(address).toHaveValue(/\/shared\/[A-Za-z0-9_-]{43}$/);
  const url = await address.inputValue();
  await expect(card.getByTestId('share-link')).toContainText(t('share:card.status.active'));
  await shot('share-link-created');

  // A vet's browser: no cookie of the owner's.
  const vet = await browser.newContext();
  try {
    const vetPage = await vet.newPage();
    await vetPage.goto(url);
    await expect(vetPage.getByRole('heading', { level: 1, name: 'Luna' })).toBeVisible();
    await expect(vetPage.getByText('Dr. Huber')).toBeVisible();
    await expect(vetPage.getByRole('region', { name: t('medical:categories.allergy') })).toContainText(
      'Pollen',
    );
    await expect(vetPage.getByRole('heading', { name: t('share:page.documents') })).toHaveCount(0);
    await shot('shared-page', vetPage);

    await card.getByRole('button', { name: withAny(t('share:card.revokeLabel', { date: ANY })) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: t('share:card.revoke') }).click();
    await expect(card.getByTestId('share-link')).toContainText(t('share:card.status.revoked'));

    await vetPage.reload();
    await expect(vetPage.getByRole('heading', { name: t('share:page.unknownTitle') })).toBeVisible();
    await expect(vetPage.getByText('Luna')).toHaveCount(0);
    await shot('shared-unknown', vetPage);
  } finally {
    await vet.close();
  }
});
