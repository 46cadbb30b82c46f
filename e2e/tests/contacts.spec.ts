// Contacts (issue 10), in the user's language: a pet's contacts by type. Add one of a type of the user's own
// (with the form's messages on blur), add a vet "also to" a second pet and find the copy on that pet's page,
// edit a contact inline, and delete one after the confirmation (the copy stays).
import { brandConfig } from '@pet/shared';
import { apiPaths, petPath } from '@pet/shared/paths';
import type { Locator } from '@playwright/test';
import { expect, test } from '../fixtures/index.ts';
import { addPet, paidOwner, textFor } from '../fixtures/pets.ts';
import { expectFieldError, untilStill } from '../fixtures/ui.ts';

type WireContact = {
  id: string;
  pet_id: string;
  title: string | null;
  name: string;
  phone: string;
  email: string | null;
  city: string | null;
  contact_type: string;
};

test('contacts: add one of a new type and a vet for two pets, edit one inline, delete one', async ({
  page,
  api,
  t,
  brand,
  lang,
  shot,
}) => {
  test.slow();
  // The brand's wording: on hunde-schutz "this dog's contacts" (a component test checks those texts).
  const bt = textFor(t, brand);
  const dogs = brandConfig(brand).dogTexts;
  await paidOwner(api, page.request, lang === 'de' ? 'Erika Mustermann' : 'Alex Walker');
  const luna = await addPet(page.request, api.origin, { name: 'Luna' });
  const bello = await addPet(page.request, api.origin, { name: 'Bello' });
  const contactsOf = async (pet: { id: string }) =>
    (await (
      await page.request.get(apiPaths.petContacts, { params: { pet_id: pet.id } })
    ).json()) as WireContact[];
  const field = (scope: Locator, key: string) =>
    scope.getByRole('textbox', { name: t(`contacts:fields.${key}`), exact: true });
  const typeItem = (label: string) =>
    page.getByTestId('contact-type').filter({ has: page.getByRole('button', { name: label }) });
  const physio = lang === 'de' ? 'Physiotherapeutin' : 'Physiotherapist';
  const vetLabel = t('contacts:types.Vet');

  await page.goto(petPath(luna, 'contacts'));
  await expect(page.getByRole('heading', { level: 1, name: luna.name })).toBeVisible();
  await expect(page.getByText(t('contacts:empty.title'))).toBeVisible();
  await shot('contacts-empty');

  // A type of the user's own: the last accordion. Its required fields say what is missing as they are left.
  await page.getByRole('button', { name: t('contacts:list.newType') }).click();
  const newType = page.getByTestId('contact-new-type');
  await expect(newType.getByText(t('contacts:list.newTypeHint'))).toBeVisible();
  await untilStill(page);
  await field(newType, 'name').fill(' ');
  await field(newType, 'name').blur();
  await expectFieldError(field(newType, 'name'), t('errors:Name_Error'));
  await field(newType, 'phone').fill(' ');
  await field(newType, 'phone').blur();
  await expectFieldError(field(newType, 'phone'), t('errors:Phone_Error'));
  await field(newType, 'email').fill('praxis-at-example');
  await field(newType, 'email').blur();
  await expectFieldError(field(newType, 'email'), t('errors:Email_Format_Error'));
  await shot('contact-add-errors');

  await field(newType, 'new_type').fill(physio);
  await field(newType, 'name').fill('Jana Berg');
  await field(newType, 'phone').fill('040 1234567');
  await field(newType, 'email').fill('jana@example.test');
  await field(newType, 'city').fill('Hamburg');
  await expect(field(newType, 'email')).not.toHaveAttribute('aria-invalid', 'true');
  await shot('contact-add-filled');
  await newType.getByRole('button', { name: t('contacts:add.submit'), exact: true }).click();
  await expect(page.getByText(t('contacts:add.saved'))).toBeVisible();
  // The new type gets its accordion, open on the new contact.
  const physioItem = typeItem(physio);
  await expect(physioItem.getByTestId('contact-row')).toContainText('Jana Berg');
  await expect(physioItem.getByTestId('contact-row')).toContainText('040 1234567 · Hamburg');
  expect(await contactsOf(luna)).toMatchObject([
    { name: 'Jana Berg', phone: '040 1234567', email: 'jana@example.test', contact_type: physio },
  ]);

  // A vet, also for Bello: one copy each.
  await page.getByRole('button', { name: new RegExp(`^${vetLabel}`) }).click();
  const vetItem = typeItem(vetLabel);
  // The panel opens with a height transition: a press while it grows can land beside the moving button (seen
  // once with screenshots on: the add form never opened).
  await untilStill(page);
  await vetItem.getByRole('button', { name: t('contacts:list.addOfType', { type: vetLabel }) }).click();
  await expect(
    vetItem.getByRole('combobox', { name: t('contacts:fields.contact_type'), exact: true }),
  ).toHaveValue(vetLabel);
  // The form grew inside a panel still opening: let its height settle before typing and clicking in it.
  await untilStill(page);
  await field(vetItem, 'title').fill('Dr.');
  await field(vetItem, 'name').fill('Paul Sommer');
  await field(vetItem, 'phone').fill('040 7654321');
  await field(vetItem, 'city').fill('Hamburg');
  await vetItem.getByRole('checkbox', { name: bello.name, exact: true }).check();
  await shot('contact-add-vet-also-for');
  await vetItem.getByRole('button', { name: t('contacts:add.submit'), exact: true }).click();
  await expect(
    page.getByText(t(`contacts:add.savedWithCopies${dogs ? '_dog' : ''}_one`, { count: 1 })),
  ).toBeVisible();
  await expect(vetItem.getByTestId('contact-row')).toContainText('Dr. Paul Sommer');
  await shot('contacts-list');
  const [copy] = await contactsOf(bello);
  expect(copy).toMatchObject({ pet_id: bello.id, name: 'Paul Sommer', title: 'Dr.', contact_type: 'Vet' });

  // The copy on Bello's contacts page, under the vets.
  await page.goto(petPath(bello, 'contacts'));
  await expect(page.getByRole('heading', { level: 1, name: bello.name })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^${vetLabel}`) }).click();
  await expect(typeItem(vetLabel).getByTestId('contact-row')).toContainText('Dr. Paul Sommer');
  await shot('contacts-copy-on-other-pet');

  // Edit Luna's physiotherapist inline: a wrong phone says so on blur, the right one is saved.
  await page.goto(petPath(luna, 'contacts'));
  await page.getByRole('button', { name: new RegExp(`^${physio}`) }).click();
  await typeItem(physio)
    .getByRole('button', { name: /Jana Berg/ })
    .click();
  await untilStill(page);
  const row = typeItem(physio).getByTestId('contact-row');
  await field(row, 'phone').fill('');
  await field(row, 'phone').blur();
  await expectFieldError(field(row, 'phone'), t('errors:Phone_Error'));
  await field(row, 'phone').fill('040 9999999');
  await field(row, 'name').fill('Jana Berg-Lind');
  await shot('contact-edit');
  await row.getByRole('button', { name: t('contacts:edit.save'), exact: true }).click();
  await expect(page.getByText(t('contacts:edit.saved'))).toBeVisible();
  // Saved: the row is updated and collapsed (spec 2 section 4).
  await expect(row.getByRole('button', { name: /Jana Berg-Lind/ })).toHaveAttribute('aria-expanded', 'false');
  await expect(row).toContainText('040 9999999 · Hamburg');
  expect((await contactsOf(luna)).find((c) => c.contact_type === physio)).toMatchObject({
    name: 'Jana Berg-Lind',
    phone: '040 9999999',
  });

  // Delete Luna's vet after the confirmation: gone here, Bello's copy stays.
  await page.getByRole('button', { name: new RegExp(`^${vetLabel}`) }).click();
  await typeItem(vetLabel)
    .getByRole('button', { name: /Paul Sommer/ })
    .click();
  await untilStill(page);
  await typeItem(vetLabel)
    .getByRole('button', { name: t('contacts:edit.delete'), exact: true })
    .click();
  const confirm = page.getByRole('dialog', { name: t('contacts:edit.confirmTitle') });
  await expect(confirm).toContainText(bt('contacts:edit.confirmText', { name: 'Dr. Paul Sommer' }));
  await shot('contact-delete-confirm');
  await confirm.getByRole('button', { name: t('contacts:edit.confirmDelete'), exact: true }).click();
  await expect(page.getByText(t('contacts:edit.deleted'))).toBeVisible();
  await expect(typeItem(vetLabel).getByText(t('contacts:list.noneOfType'))).toBeVisible();
  expect((await contactsOf(luna)).map((c) => c.name)).toEqual(['Jana Berg-Lind']);
  expect((await contactsOf(bello)).map((c) => c.name)).toEqual(['Paul Sommer']);
  await shot('contacts-after-delete');
});
