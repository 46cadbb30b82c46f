// Pets (issue 4), in the user's language: add a pet with a cropped picture, edit it with weights (and the
// weight rules that pause the save), reach the plan's pet limit and free it again by deleting a pet. The
// species the add form offers follow the brand; hunde-schutz's single species (no choice, always a dog) is
// proven by apps/web's AddPetForm.test.tsx and NewPetPage.hundeSchutz.test.tsx.
import { brandConfig, mayAddPet, PET_TYPES } from '@pet/shared';
import { apiPaths, petPath } from '@pet/shared/paths';
import { expect, test } from '../fixtures/index.ts';
import {
  addPet,
  displayDate,
  getPet,
  ownerPlan,
  paidOwner,
  pictureFile,
  signedInOwner,
  textFor,
} from '../fixtures/pets.ts';
import { expectFieldError } from '../fixtures/ui.ts';

/** What a weight looks like in the form and lists of the project's language (decimal comma in German). */
const kg = (lang: 'en' | 'de', value: number) =>
  lang === 'de' ? String(value).replace('.', ',') : String(value);

test('add a pet with a cropped picture: it is on my pets and has its own page', async ({
  page,
  api,
  t,
  brand,
  lang,
  shot,
}) => {
  test.slow();
  const bt = textFor(t, brand);
  await paidOwner(api, page.request, lang === 'de' ? 'Erika Mustermann' : 'Alex Walker');
  const species = brandConfig(brand).petTypes;

  await page.goto('/dashboard/new-pet');
  await expect(page.getByRole('heading', { level: 1, name: bt('pets:newPet.title') })).toBeVisible();
  // One species (hunde-schutz): no choice, and the pet is a dog; otherwise every species of the brand.
  const speciesRadios = page.getByRole('radiogroup', { name: t('pets:fields.pet_type') });
  if (species.length === 1) {
    await expect(speciesRadios).toHaveCount(0);
  } else {
    for (const type of PET_TYPES) {
      await expect(page.getByRole('radio', { name: t(`pets:species.${type}`), exact: true })).toBeVisible();
    }
  }
  const submit = page.getByRole('button', { name: bt('pets:newPet.submit'), exact: true });
  await submit.click();
  const name = page.getByRole('textbox', { name: t('pets:fields.name'), exact: true });
  await expectFieldError(name, t('errors:Name_Error'));
  await shot('pet-add-errors');

  // The picture: pick -> crop in the circle -> "Crop done"; it is uploaded once the pet exists.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: t('pets:picture.add') }).click();
  await (await chooser).setFiles(await pictureFile(page));
  const crop = page.getByRole('dialog', { name: t('common:image.crop.title') });
  await expect(crop).toBeVisible();
  await expect(crop.locator('.reactEasyCrop_CropAreaRound.reactEasyCrop_CropAreaGrid')).toBeVisible();
  await shot('pet-add-crop');
  await crop.getByRole('button', { name: t('common:image.crop.done'), exact: true }).click();
  await expect(crop).toBeHidden();

  const petName = lang === 'de' ? 'Frau Schmidt' : 'Miss Marple';
  const type = species.length === 1 ? 'Dog' : 'Cat';
  if (species.length > 1)
    await page.getByRole('radio', { name: t(`pets:species.${type}`), exact: true }).check();
  await name.fill(petName);
  const born = displayDate(-800);
  const birth = page.getByRole('textbox', { name: t('pets:fields.date_of_birth'), exact: true });
  await birth.fill(displayDate(3));
  await birth.blur();
  await expectFieldError(birth, t('errors:Date_In_Future_Error'));
  await birth.fill(born);
  await birth.blur();
  await page.getByRole('radio', { name: t('pets:gender.female'), exact: true }).check();
  await page.getByRole('textbox', { name: t('pets:fields.race'), exact: true }).fill('Europäisch Kurzhaar');
  await shot('pet-add-filled');
  await submit.click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const list = (await (await page.request.get(apiPaths.pet)).json()) as Array<Record<string, unknown>>;
  expect(list).toHaveLength(1);
  expect(list[0]).toMatchObject({
    name: petName,
    pet_type: type,
    gender: 'female',
    race: 'Europäisch Kurzhaar',
    date_of_birth: born,
  });
  expect(list[0]?.image_url).toEqual(expect.any(String));

  // The side bar has a group for the pet; my pets shows its card with the picture.
  await expect(page.getByRole('navigation').getByText(petName, { exact: true })).toBeVisible();
  await page.goto('/dashboard/my-pets');
  const card = page.getByRole('link', { name: new RegExp(petName) });
  await expect(card).toBeVisible();
  const picture = card.getByRole('img', { name: petName, exact: true });
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  await shot('my-pets');

  await card.click();
  const id = String(list[0]?.id);
  await expect(page).toHaveURL(new RegExp(`${petPath({ name: petName, id })}$`));
  await expect(page.getByRole('heading', { level: 1, name: petName })).toBeVisible();
  await shot('pet-page');
});

test('edit a pet: weights follow the rules, every field is saved, the chart shows them', {
  tag: '@de',
}, async ({ page, api, t, lang, shot }) => {
  test.slow();
  await paidOwner(api, page.request, lang === 'de' ? 'Erika Mustermann' : 'Alex Walker');
  const pet = await addPet(page.request, api.origin, { name: 'Bello', pet_type: 'Dog' });
  const base = petPath(pet);

  await page.goto(petPath(pet, 'my-pet'));
  await expect(page.getByRole('heading', { level: 1, name: pet.name })).toBeVisible();
  const weight = page.getByRole('textbox', { name: t('pets:fields.weight'), exact: true });
  const weighed = page.getByRole('textbox', { name: t('pets:fields.weightDate'), exact: true });
  const addWeight = page.getByRole('button', { name: t('pets:weights.add'), exact: true });
  const save = page.getByRole('button', { name: t('pets:myPet.save'), exact: true });
  const ignored = page.getByText(t('errors:Weight_Response_Ignored'));
  let puts = 0;
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes(apiPaths.pet)) puts += 1;
  });

  // Add with both empty: both are marked.
  await addWeight.click();
  await expectFieldError(weight, t('errors:Weight_Required_Error'));
  await expectFieldError(weighed, t('errors:Weight_Date_Required_Error'));

  // A weight without a date pauses the save: the date is marked, "weight response ignored", nothing sent.
  await weight.fill(kg(lang, 12.5));
  await save.click();
  await expectFieldError(weighed, t('errors:Weight_Date_Required_Error'));
  await expect(ignored).toBeVisible();
  await shot('pet-edit-weight-error');
  // A negative weight with its date: the same.
  await weight.fill('-3');
  await weighed.fill(displayDate(-10));
  await weighed.blur();
  await save.click();
  await expectFieldError(weight, t('errors:Weight_Negative_Error'));
  await expect(ignored).toBeVisible();
  expect(puts).toBe(0);
  expect((await getPet(page.request, api.origin, pet.id)).pet?.weights).toEqual([]);

  // Weight and date together are appended, newest first, and the inputs are cleared.
  await weight.fill(kg(lang, 12.5));
  await weighed.fill(displayDate(-60));
  await weighed.blur();
  await addWeight.click();
  await expect(weight).toHaveValue('');
  await expect(weighed).toHaveValue('');
  await weight.fill(kg(lang, 13.1));
  await weighed.fill(displayDate(-1));
  await weighed.blur();
  await addWeight.click();
  const entries = page.getByRole('list', { name: t('pets:weights.listLabel') }).getByRole('listitem');
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText(displayDate(-1));
  await expect(entries.first()).toContainText(kg(lang, 13.1));
  await expect(entries.last()).toContainText(displayDate(-60));
  await expect(ignored).toBeHidden();

  await page.getByRole('textbox', { name: t('pets:fields.size') }).fill('45');
  await page.getByRole('textbox', { name: t('pets:fields.color'), exact: true }).fill('Braun');
  await page.getByRole('textbox', { name: t('pets:fields.features') }).fill('Weißer Fleck');
  await page.getByRole('textbox', { name: t('pets:fields.labeling'), exact: true }).fill('276098106123456');
  await page.getByRole('textbox', { name: t('pets:fields.ancestry'), exact: true }).fill('Züchterin Meyer');
  await shot('pet-edit-filled');
  await save.click();
  await expect(page.getByText(t('pets:myPet.saved', { name: pet.name }))).toBeVisible();

  const saved = (await getPet(page.request, api.origin, pet.id)).pet;
  expect(saved).toMatchObject({
    size: '45cm',
    color: 'Braun',
    features: 'Weißer Fleck',
    labeling: '276098106123456',
    ancestry: 'Züchterin Meyer',
    weights: [
      { weight: 13.1, date: displayDate(-1) },
      { weight: 12.5, date: displayDate(-60) },
    ],
  });

  // After a reload the form shows what was saved; the pet page charts the weights.
  await page.reload();
  await expect(page.getByRole('textbox', { name: t('pets:fields.color'), exact: true })).toHaveValue('Braun');
  await expect(entries).toHaveCount(2);
  await page.goto(base);
  await expect(page.getByRole('heading', { level: 1, name: pet.name })).toBeVisible();
  await expect(page.getByTestId('weight-line')).toBeVisible();
  await expect(page.getByText('276098106123456')).toBeVisible();
  await shot('pet-page-weights');
});

test('the pet limit: at the plan’s limit the add tile gives way to the limit message; deleting a pet frees it', async ({
  page,
  api,
  t,
  brand,
  lang,
  shot,
}) => {
  test.slow();
  const bt = textFor(t, brand);
  const name = lang === 'de' ? 'Erika Mustermann' : 'Alex Walker';
  // The free plan (one pet) where a user can have it; tracker brands register with a paid plan only.
  await signedInOwner(api, page.request, name);
  const plan = await ownerPlan(page.request, api.origin);
  for (let i = 1; i < plan.pets_limit; i += 1) await addPet(page.request, api.origin, { name: `Tier ${i}` });

  // The last pet the plan allows, through the form.
  await page.goto('/dashboard/my-pets');
  await page.getByRole('link', { name: bt('pets:myPets.addTile') }).click();
  await expect(page.getByRole('heading', { level: 1, name: bt('pets:newPet.title') })).toBeVisible();
  if (brandConfig(brand).petTypes.length > 1) {
    await page.getByRole('radio', { name: t('pets:species.Dog'), exact: true }).check();
  }
  await page.getByRole('textbox', { name: t('pets:fields.name'), exact: true }).fill('Last One');
  await page.getByRole('button', { name: bt('pets:newPet.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const decision = mayAddPet(brandConfig(brand), plan, plan.pets_limit);
  if (decision.allowed) throw new Error(`the plan allows more than ${plan.pets_limit} pets`);
  await page.goto('/dashboard/my-pets');
  const notice = page.getByTestId('plan-limit-notice');
  await expect(notice).toContainText(t(`errors:${decision.messageKey}`));
  await expect(notice.getByRole('link', { name: t('plans:limit.upgrade') })).toHaveCount(
    decision.upgrade ? 1 : 0,
  );
  await expect(page.getByRole('link', { name: bt('pets:myPets.addTile') })).toHaveCount(0);
  await shot('my-pets-limit');
  // The server refuses it too, whatever the screen shows.
  const refused = await page.request.post(apiPaths.pet, { data: { name: 'One Too Many', pet_type: 'Dog' } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'LIMIT_REACHED', message: decision.messageKey });

  // Deleting a pet (after its confirmation) frees a place.
  await page.getByRole('link', { name: /Last One/ }).click();
  await page.getByRole('button', { name: bt('pets:details.delete') }).click();
  const confirm = page.getByRole('dialog', { name: t('pets:delete.title', { name: 'Last One' }) });
  await expect(confirm).toContainText(t('pets:delete.warning', { name: 'Last One' }));
  await shot('pet-delete-confirm');
  await confirm.getByRole('button', { name: t('pets:delete.confirm'), exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-pets$/);
  await expect(page.getByRole('link', { name: bt('pets:myPets.addTile') })).toBeVisible();
  await expect(page.getByTestId('plan-limit-notice')).toHaveCount(0);
  await expect(page.getByRole('navigation').getByText('Last One', { exact: true })).toHaveCount(0);
});
