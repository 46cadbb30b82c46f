// Appointments (issue 4), in the user's language: add one with an e-mail reminder from a pet's page (with the
// form's rules), find it under upcoming there and on the all-pets list, download it as .ics, edit it inline
// and delete it after the confirmation; a plan without appointments blocks the add button with its message.
import { readFile } from 'node:fs/promises';
import { brandConfig } from '@pet/shared';
import { apiPaths, petPath } from '@pet/shared/paths';
import { expect, test } from '../fixtures/index.ts';
import { addPet, displayDate, freeOwner, paidOwner, textFor } from '../fixtures/pets.ts';
import { TIME_ZONE } from '../fixtures/servers.ts';
import { expectFieldError, untilStill } from '../fixtures/ui.ts';

type WireListItem = {
  appointment_id: string;
  appointment_type: string;
  appointment_reason: string;
  appointment_date: string;
  appointment_time: string;
  appointment_vaccination_type: string | null;
  appointment_city: string | null;
  appointment_country: string | null;
  appointment_reminder_date: string | null;
  appointment_reminder_time: string | null;
  appointment_reminder_time_zone: string;
  is_upcoming: boolean;
};

test('add an appointment with a reminder, see it under upcoming, edit and delete it', async ({
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
  const pet = await addPet(page.request, api.origin, { name: 'Luna' });
  const list = petPath(pet, 'appointments');
  const appointments = async () =>
    (await (
      await page.request.get(apiPaths.petAppointments, { params: { pet_id: pet.id } })
    ).json()) as WireListItem[];

  await page.goto(list);
  await expect(page.getByRole('heading', { name: pet.name })).toBeVisible();
  await expect(page.getByText(t('appointments:empty.title'))).toBeVisible();
  await shot('appointments-empty');
  await page
    .getByRole('link', { name: t('appointments:list.add') })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`${list}/add-appointment$`));

  const field = (key: string) =>
    page.getByRole('textbox', { name: t(`appointments:fields.${key}`), exact: true });
  const submit = page.getByRole('button', { name: t('appointments:add.submit'), exact: true });
  // The pet field: shown (and set to this pet) except on brands without pet names in appointments.
  const petPicker = page.getByRole('combobox', { name: bt('appointments:fields.pet'), exact: true });
  if (brandConfig(brand).petNameInAppointments) await expect(petPicker).toHaveValue(pet.name);
  else await expect(petPicker).toHaveCount(0);

  // Required fields, and an e-mail checked only when given.
  await submit.click();
  await expectFieldError(field('reason'), t('errors:Required_Error'));
  await expectFieldError(field('appointment_date'), t('errors:Required_Error'));
  await expectFieldError(field('appointment_time'), t('errors:Required_Error'));
  await expect(page.getByText(t('errors:Appointment_Type_Error'))).toBeVisible();
  await field('email').fill('praxis-at-example');
  await field('email').blur();
  await expectFieldError(field('email'), t('errors:Email_Format_Error'));
  await shot('appointment-add-errors');

  // The vaccination type only for a vaccination.
  await expect(field('vaccination_type')).toHaveCount(0);
  await page.getByRole('radio', { name: t('appointments:types.Vaccination'), exact: true }).check();
  await field('vaccination_type').fill('Tollwut');
  await field('reason').fill('Jährliche Impfung');
  await field('vet_name').fill('Tierarztpraxis Dr. Sommer');
  await field('city').fill('Hamburg');
  await field('email').fill('praxis@example.test');
  await page.getByRole('combobox', { name: t('appointments:fields.country'), exact: true }).click();
  // Germany is in the frequent group and in the full list: either gives DE.
  await page
    .getByRole('option', { name: lang === 'de' ? 'Deutschland' : 'Germany', exact: true })
    .first()
    .click();
  // Dates before today are refused; a reminder needs its date and its time.
  // Well before today: the form's rule allows for every time zone on earth; the server checks the exact one.
  await field('appointment_date').fill(displayDate(-30));
  await field('appointment_date').blur();
  await expectFieldError(field('appointment_date'), t('errors:Date_In_Past_Error'));
  const date = displayDate(14);
  await field('appointment_date').fill(date);
  await field('appointment_date').blur();
  await field('appointment_time').fill('14:30');
  await field('reminder_date').fill(displayDate(13));
  await field('reminder_date').blur();
  await submit.click();
  await expectFieldError(field('reminder_time'), t('errors:Required_Error'));
  await field('reminder_time').fill('09:00');
  await shot('appointment-add-filled');
  await submit.click();
  await expect(page).toHaveURL(new RegExp(`${list}$`));

  const [saved] = await appointments();
  expect(saved).toMatchObject({
    appointment_type: 'Vaccination',
    appointment_vaccination_type: 'Tollwut',
    appointment_reason: 'Jährliche Impfung',
    appointment_date: date,
    appointment_time: '14:30',
    appointment_city: 'Hamburg',
    appointment_country: 'DE',
    appointment_reminder_date: displayDate(13),
    appointment_reminder_time: '09:00',
    appointment_reminder_time_zone: TIME_ZONE,
    is_upcoming: true,
  });

  // Under "upcoming", with its type and date; and on the list of all pets, with the pet's name.
  const upcoming = page.getByRole('region', { name: new RegExp(t('appointments:list.upcoming')) });
  const row = upcoming.getByRole('button', { name: /Jährliche Impfung/ });
  await expect(row).toContainText(t('appointments:types.Vaccination'));
  await expect(row).toContainText(date);
  await shot('appointments-upcoming');
  await page.goto('/dashboard/my-appointments');
  const everywhere = page.getByRole('button', { name: /Jährliche Impfung/ });
  await expect(everywhere).toContainText(pet.name);

  // Expand: the edit form, the .ics file, Save.
  await everywhere.click();
  // An opening row's panel: let it come to rest before pressing in it.
  await untilStill(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: t('appointments:edit.downloadIcs') }).click();
  const ics = await download;
  expect(ics.suggestedFilename()).toMatch(/\.ics$/);
  const calendar = await readFile(await ics.path(), 'utf8');
  expect(calendar).toContain('BEGIN:VEVENT');
  expect(calendar).toContain('Jährliche Impfung');
  await field('reason').fill('Impfung und Check-up');
  await shot('appointment-edit');
  await page.getByRole('button', { name: t('appointments:edit.save'), exact: true }).click();
  await expect(page.getByText(t('appointments:edit.saved'))).toBeVisible();
  expect((await appointments())[0]?.appointment_reason).toBe('Impfung und Check-up');

  // Delete, after the confirmation: gone here and on the pet's list.
  await page.goto(list);
  await page.getByRole('button', { name: /Impfung und Check-up/ }).click();
  // An opening row's panel: let it come to rest before pressing in it.
  await untilStill(page);
  await page.getByRole('button', { name: t('appointments:edit.delete'), exact: true }).click();
  const confirm = page.getByRole('dialog', { name: t('appointments:edit.confirmTitle') });
  await expect(confirm).toContainText(t('appointments:edit.confirmText'));
  await shot('appointment-delete-confirm');
  await confirm.getByRole('button', { name: t('appointments:edit.confirmDelete'), exact: true }).click();
  await expect(page.getByText(t('appointments:empty.title'))).toBeVisible();
  expect(await appointments()).toEqual([]);
});

test('a plan without appointments: the add button is blocked with the limit message and its link', async ({
  page,
  api,
  t,
  lang,
  shot,
}) => {
  const owner = await freeOwner(api, page.request, lang === 'de' ? 'Erika Mustermann' : 'Alex Walker');
  test.skip(!owner, 'every account of this brand has a plan with appointments');
  const pet = await addPet(page.request, api.origin, { name: 'Luna' });

  await page.goto('/dashboard/my-appointments');
  const notice = page.getByTestId('plan-limit-notice');
  await expect(notice).toContainText(t('errors:Appointment_Limit_Reached_Message'));
  // "Choose a plan <anchor>here</anchor>": the link goes to the plans.
  await expect(notice).toContainText(t('plans:limit.appointmentLink'));
  await expect(notice.locator('a[href="/my-account/subscription"]').first()).toBeVisible();
  await expect(page.getByRole('button', { name: t('appointments:list.add') })).toBeDisabled();
  await shot('appointments-limit');
  // The server refuses it too.
  const refused = await page.request.post(apiPaths.appointment, {
    params: { pet_id: pet.id },
    data: {
      appointment_type: 'Examination',
      reason: 'Check',
      appointment_date: displayDate(3),
      appointment_time: '10:00',
    },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'LIMIT_REACHED' });
});
