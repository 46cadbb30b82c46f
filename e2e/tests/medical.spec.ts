// Medical data (issue 10), in the user's language: every category added through its form (with the fields
// only some have: the medication's schedule and taking dates, the intervention's type, the allergy's "still
// acute", the vaccination's next due date and reminder), the comments counter, the overview's counts, a row
// edited inline and one deleted after its confirmation; the dashboard's "due soon" links to the list of a
// vaccination due within 30 days; a plan without medical data disables the plus with its message and link.
import { brandConfig, type MedicalType } from '@pet/shared';
import { apiPaths, medicalPath, petPath } from '@pet/shared/paths';
import type { Page } from '@playwright/test';
import { expect, type Translate, test } from '../fixtures/index.ts';
import { addMedical, medicalRecords } from '../fixtures/medical.ts';
import { addPet, displayDate, freeOwner, paidOwner } from '../fixtures/pets.ts';
import { TIME_ZONE } from '../fixtures/servers.ts';
import { expectFieldError, untilStill } from '../fixtures/ui.ts';

/** The add and edit forms' inputs, found by their translated labels. */
function medicalForm(page: Page, t: Translate, type: MedicalType) {
  const field = (key: string) => page.getByRole('textbox', { name: t(`medical:fields.${key}`), exact: true });
  const choice = (group: string, option: string) =>
    page
      .getByRole('radiogroup', { name: t(`medical:fields.${group}`) })
      .getByRole('radio', { name: t(`medical:choices.${option}`), exact: true });
  return {
    field,
    name: field(`name.${type}`),
    choice,
    schedule: (time: 0 | 1 | 2) =>
      page.getByRole('checkbox', { name: t(`medical:choices.schedule.${time}`), exact: true }),
    submit: page.getByRole('button', { name: t(`medical:add.${type}`), exact: true }),
  };
}

/** "n entries" as the overview writes it (i18next's plural forms, which the test's `t` does not pick). */
function entries(t: Translate, count: number) {
  return t(`medical:overview.count_${count === 0 ? 'zero' : count === 1 ? 'one' : 'other'}`, { count });
}

test('every category: add with its own fields, count on the overview, edit one and delete one; due soon on the dashboard', async ({
  page,
  api,
  t,
  lang,
  shot,
}) => {
  test.slow();
  await paidOwner(api, page.request, lang === 'de' ? 'Erika Mustermann' : 'Alex Walker');
  const pet = await addPet(page.request, api.origin, { name: 'Luna' });
  const records = () => medicalRecords(page.request, api.origin, pet.id);
  const overview = petPath(pet, 'medical-data');
  const backAtList = async (type: MedicalType) => {
    await expect(page).toHaveURL(new RegExp(`${medicalPath(pet, type)}$`));
    await expect(page.getByText(t('medical:add.saved'))).toBeVisible();
  };

  // The overview: every category empty; a row leads to its list, whose empty state has the add button.
  await page.goto(overview);
  await expect(page.getByRole('heading', { level: 1, name: pet.name })).toBeVisible();
  const categories = page.getByRole('navigation', { name: t('medical:overview.categoriesLabel') });
  await expect(categories.getByRole('link')).toHaveCount(6);
  await expect(page.getByTestId('medical-category-allergy')).toContainText(entries(t, 0));
  await shot('medical-overview-empty');
  await page.getByTestId('medical-category-allergy').click();
  await expect(page).toHaveURL(new RegExp(`${medicalPath(pet, 'allergy')}$`));
  await expect(page.getByText(t('medical:empty.title'))).toBeVisible();
  await shot('medical-list-empty');
  await page.getByRole('link', { name: t('medical:add.allergy'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${medicalPath(pet, 'allergy', 'add')}$`));

  // Allergy: the name is required; still acute Yes.
  let form = medicalForm(page, t, 'allergy');
  await form.submit.click();
  await expectFieldError(form.name, t('errors:Name_Error'));
  await shot('medical-add-allergy-errors');
  await form.name.fill('Pollen');
  await form.field('known_since').fill(displayDate(-400));
  await form.field('known_since').blur();
  await form.choice('still_acute', 'yes').check();
  await form.field('executing_person').fill('Dr. Sommer');
  await shot('medical-add-allergy-filled');
  await form.submit.click();
  await backAtList('allergy');
  await expect(page.getByRole('button', { name: /Pollen/ })).toContainText(displayDate(-400));
  await shot('medical-list-allergy');

  // Disease: the comments count to 100 and take no more.
  await page.goto(medicalPath(pet, 'disease', 'add'));
  form = medicalForm(page, t, 'disease');
  await form.name.fill(lang === 'de' ? 'Ohrenentzündung' : 'Ear infection');
  const comments = form.field('comments');
  const counter = page.getByTestId('comments-counter');
  await expect(counter).toHaveText(t('medical:fields.commentsCount', { count: 0, max: 100 }));
  const note = lang === 'de' ? 'Beide Ohren, ' : 'Both ears, ';
  await comments.fill(note);
  await expect(counter).toHaveText(t('medical:fields.commentsCount', { count: note.length, max: 100 }));
  const hundred = note.padEnd(100, '.');
  await comments.fill(hundred);
  await comments.pressSequentially('!');
  await expect(comments).toHaveValue(hundred);
  await expect(counter).toHaveText(t('medical:fields.commentsCount', { count: 100, max: 100 }));
  await shot('medical-add-disease-comments');
  await form.submit.click();
  await backAtList('disease');

  // Intervention: Surgery or Implant.
  await page.goto(medicalPath(pet, 'intervention', 'add'));
  form = medicalForm(page, t, 'intervention');
  await form.name.fill(lang === 'de' ? 'Kreuzband' : 'Cruciate ligament');
  await form.field('date').fill(displayDate(-90));
  await form.field('date').blur();
  await form.choice('surgery_type', 'Implant').check();
  await shot('medical-add-intervention-filled');
  await form.submit.click();
  await backAtList('intervention');

  // Medication: taken mornings and evenings; taking to cannot lie before taking from.
  await page.goto(medicalPath(pet, 'medication', 'add'));
  form = medicalForm(page, t, 'medication');
  await form.name.fill('Apoquel');
  await form.field('dosage').fill('16 mg');
  await form.schedule(0).check();
  await form.schedule(2).check();
  await form.field('taking_from').fill(displayDate(-10));
  await form.field('taking_from').blur();
  await form.field('taking_to').fill(displayDate(-20));
  await form.field('taking_to').blur();
  await expectFieldError(form.field('taking_to'), t('errors:Taking_To_Before_From_Error'));
  await shot('medical-add-medication-errors');
  await form.field('taking_to').fill(displayDate(20));
  await form.field('taking_to').blur();
  await form.choice('prescription', 'yes').check();
  await shot('medical-add-medication-filled');
  await form.submit.click();
  await backAtList('medication');

  // Vaccination: given in the past, next due in 20 days, reminded 7 days before.
  const vaccine = lang === 'de' ? 'Tollwut' : 'Rabies';
  const nextDue = displayDate(20);
  await page.goto(medicalPath(pet, 'vaccination', 'add'));
  form = medicalForm(page, t, 'vaccination');
  await form.name.fill(vaccine);
  await form.field('dateGiven').fill(displayDate(-345));
  await form.field('dateGiven').blur();
  await form.field('next_due_date').fill(nextDue);
  await form.field('next_due_date').blur();
  await expect(page.getByRole('switch', { name: t('medical:fields.reminder') })).toBeChecked();
  await expect(page.getByText(t('medical:fields.reminderHint'))).toBeVisible();
  await form.field('reminder_days_before').fill('7');
  await shot('medical-add-vaccination-filled');
  await form.submit.click();
  await backAtList('vaccination');
  await expect(page.getByRole('button', { name: new RegExp(vaccine) })).toContainText(
    t('medical:list.nextDue', { date: nextDue }),
  );

  // Deworming: the fewest fields.
  await page.goto(medicalPath(pet, 'deworming', 'add'));
  form = medicalForm(page, t, 'deworming');
  await form.name.fill('Milbemax');
  await form.submit.click();
  await backAtList('deworming');

  const saved = await records();
  const byName = (name: string) => saved.find((item) => item.medical_name === name);
  expect(saved).toHaveLength(6);
  expect(byName('Pollen')).toMatchObject({
    medical_type: 'allergy',
    medical_known_since: displayDate(-400),
    medical_still_acute: true,
    medical_executing_person: 'Dr. Sommer',
  });
  expect(byName(lang === 'de' ? 'Ohrenentzündung' : 'Ear infection')?.medical_comments).toBe(hundred);
  expect(byName(lang === 'de' ? 'Kreuzband' : 'Cruciate ligament')).toMatchObject({
    medical_type: 'intervention',
    medical_surgery_type: 'Implant',
    medical_date: displayDate(-90),
  });
  expect(byName('Apoquel')).toMatchObject({
    medical_type: 'medication',
    medical_dosage: '16 mg',
    medical_taking_schedule: [0, 2],
    medical_taking_from: displayDate(-10),
    medical_taking_to: displayDate(20),
    medical_prescription: true,
  });
  expect(byName(vaccine)).toMatchObject({
    medical_type: 'vaccination',
    medical_date: displayDate(-345),
    medical_next_due_date: nextDue,
    medical_reminder_days_before: 7,
    medical_reminder_time_zone: TIME_ZONE,
  });
  expect(byName('Milbemax')).toMatchObject({ medical_type: 'deworming', medical_next_due_date: null });

  // The overview counts them (a second allergy made through the API).
  await addMedical(page.request, api.origin, pet.id, 'allergy', { name: lang === 'de' ? 'Flöhe' : 'Fleas' });
  await page.goto(overview);
  await expect(page.getByTestId('medical-category-allergy')).toContainText(entries(t, 2));
  for (const type of ['disease', 'intervention', 'medication', 'vaccination', 'deworming'] as const) {
    await expect(page.getByTestId(`medical-category-${type}`)).toContainText(entries(t, 1));
  }
  await shot('medical-overview-counts');

  // Edit: the medication's row opens into its form; Save sends it and closes the row.
  await page.getByTestId('medical-category-medication').click();
  await page.getByRole('button', { name: /Apoquel/ }).click();
  // An opening row's panel: let it come to rest before pressing in it.
  await untilStill(page);
  form = medicalForm(page, t, 'medication');
  await expect(form.field('dosage')).toHaveValue('16 mg');
  await expect(form.schedule(0)).toBeChecked();
  await expect(form.schedule(1)).not.toBeChecked();
  await form.field('dosage').fill('5,4 mg');
  await form.schedule(1).check();
  await shot('medical-edit-medication');
  await page.getByRole('button', { name: t('medical:edit.save'), exact: true }).click();
  await expect(page.getByText(t('medical:edit.saved'))).toBeVisible();
  await expect(form.field('dosage')).toBeHidden();
  expect((await records()).find((item) => item.medical_name === 'Apoquel')).toMatchObject({
    medical_dosage: '5,4 mg',
    medical_taking_schedule: [0, 1, 2],
  });

  // Delete after the confirmation: back on the allergies' list, one left.
  await page.goto(medicalPath(pet, 'allergy'));
  await expect(page.getByTestId('medical-row')).toHaveCount(2);
  await page.getByRole('button', { name: /Pollen/ }).click();
  // An opening row's panel: let it come to rest before pressing in it.
  await untilStill(page);
  await page.getByRole('button', { name: t('medical:edit.delete'), exact: true }).click();
  const confirm = page.getByRole('dialog', { name: t('medical:edit.confirmTitle') });
  await expect(confirm).toContainText(t('medical:edit.confirmText'));
  await shot('medical-delete-confirm');
  await confirm.getByRole('button', { name: t('medical:edit.confirmDelete'), exact: true }).click();
  await expect(page.getByText(t('medical:edit.deleted'))).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${medicalPath(pet, 'allergy')}$`));
  await expect(page.getByTestId('medical-row')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /Pollen/ })).toHaveCount(0);
  expect((await records()).filter((item) => item.medical_type === 'allergy')).toHaveLength(1);

  // The dashboard's "due soon": the vaccination due in 20 days, linking to the vaccinations.
  await page.goto('/dashboard');
  const dueSoon = page.getByRole('region', { name: t('dashboard:dueSoon.title') });
  const due = dueSoon.getByRole('listitem');
  await expect(due).toHaveCount(1);
  await expect(due).toContainText(vaccine);
  await expect(due).toContainText(nextDue);
  await expect(due).toContainText(t('dashboard:dueSoon.inDays_other', { count: 20 }));
  await expect(due).toContainText(t('dashboard:dueSoon.types.vaccination'));
  await shot('dashboard-due-soon');
  await due.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${medicalPath(pet, 'vaccination')}$`));
  await expect(page.getByRole('button', { name: new RegExp(vaccine) })).toBeVisible();
});

test('a plan without medical data: the plus is disabled with the limit message and its link', async ({
  page,
  api,
  t,
  brand,
  lang,
  shot,
}) => {
  const owner = await freeOwner(api, page.request, lang === 'de' ? 'Erika Mustermann' : 'Alex Walker');
  test.skip(!owner, 'every account of this brand has a plan with medical data');
  const pet = await addPet(page.request, api.origin, { name: 'Luna' });

  await page.goto(medicalPath(pet, 'allergy'));
  const notice = page.getByTestId('plan-limit-notice');
  await expect(notice).toContainText(t('errors:Medical_Add_Not_Allowed_Text'));
  const upgrade = notice.getByRole('link', { name: t('plans:limit.upgrade') });
  if (brandConfig(brand).upgradeLinkInFreeMessage) {
    await expect(upgrade).toHaveAttribute('href', '/my-account/subscription');
  } else {
    await expect(upgrade).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: t('medical:add.allergy') })).toBeDisabled();
  await expect(page.getByRole('link', { name: t('medical:add.allergy') })).toHaveCount(0);
  // No prompt to press the disabled button.
  await expect(page.getByText(t('medical:empty.title'))).toBeVisible();
  await expect(page.getByText(t('medical:empty.text'))).toHaveCount(0);
  await shot('medical-limit');

  // Typed in by hand, the add page shows the message instead of the form, with the way back.
  await page.goto(medicalPath(pet, 'allergy', 'add'));
  await expect(page.getByTestId('plan-limit-notice')).toContainText(t('errors:Medical_Add_Not_Allowed_Text'));
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await page.getByRole('link', { name: t('medical:add.back') }).click();
  await expect(page).toHaveURL(new RegExp(`${medicalPath(pet, 'allergy')}$`));

  // The server refuses it too.
  const refused = await page.request.post(`${apiPaths.medical}/allergy`, {
    params: { pet_id: pet.id },
    data: { medical_type: 'allergy', name: 'Pollen' },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'LIMIT_REACHED' });
});
