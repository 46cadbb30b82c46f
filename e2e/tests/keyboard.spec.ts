// The whole first visit by keyboard only (issue 16, WCAG 2.1.1 and 2.4.7): register, confirm the address,
// sign in, add a pet with a picture, add an appointment for it, sign out. No click, fill, check or mouse:
// Tab and Shift+Tab to move (each press checks that the focus is visible: fixtures/keyboard.ts), Space and
// Enter to act, arrows inside radio groups, menus and lists, typing for text. `page.goto` only opens the first
// page and the verification link from the mail, as a person would follow it from the mail program.
import { brandConfig } from '@pet/shared/brands';
import { apiPaths } from '@pet/shared/paths';
import { expect, type Locator, type Page } from '@playwright/test';
import { mailText, test } from '../fixtures/index.ts';
import { expectVisibleFocus, tab, tabTo, typeInto } from '../fixtures/keyboard.ts';
import { displayDate, pictureFile, textFor } from '../fixtures/pets.ts';
import { claimFreeCode } from '../fixtures/plans.ts';
import { accountMenu, expectDashboard, HASHING, registerPage, signInPage } from '../fixtures/ui.ts';

/** Into a radio group by Tab, then arrows until `option` is checked (arrows move and check in a group). */
async function chooseRadio(page: Page, group: Locator, option: Locator, max = 6) {
  await tabTo(page, group);
  for (let i = 0; i < max && !(await option.isChecked()); i++) {
    await page.keyboard.press('ArrowRight');
    await expectVisibleFocus(page);
  }
  await expect(option).toBeChecked();
  await expect(option).toBeFocused();
}

test('keyboard only: register, confirm, sign in, add a pet and an appointment, sign out', async ({
  page,
  api,
  t,
  seed,
  mailbox,
  brand,
  lang,
}) => {
  test.slow();
  const bt = textFor(t, brand);
  const user = seed.user();
  // With an activation code: the free plan (registering without one) has no appointments.
  const registration = { option: 'yes' as const, ...(await claimFreeCode(api)) };

  // Register: the code section (typed and checked with OK), the personal data, the terms.
  await page.goto('/register');
  const form = registerPage(page, t);
  await expect(form.heading).toBeVisible();
  const codeGroup = page.getByRole('radiogroup', { name: t('auth:register.codeQuestion') });
  await chooseRadio(page, codeGroup, form.codeOption(registration.option));
  await typeInto(page, form.code, registration.code);
  if (registration.trackerId) await typeInto(page, form.tracker, registration.trackerId);
  await tabTo(page, form.checkCode);
  await page.keyboard.press('Enter');
  await expect(form.codeValid).toBeVisible();
  await typeInto(page, form.name, user.name);
  await typeInto(page, form.email, user.email);
  await typeInto(page, form.password, user.password);
  await typeInto(page, form.confirmPassword, user.password);
  await tabTo(page, form.terms);
  await page.keyboard.press('Space');
  await expect(form.terms).toBeChecked();
  await tabTo(page, form.submit);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: t('auth:register.thanks.title') })).toBeVisible(
    HASHING,
  );

  // The link from the confirmation mail.
  const mail = await mailbox.waitFor(user.email, {
    subject: mailText(lang, 'verification.subject', { brand: brandConfig(brand).displayName }),
  });
  const link = mail.links.find((l) => l.includes('/verify-email'));
  expect(link, `verification link in ${mail.links.join(' ')}`).toBeTruthy();
  await page.goto(link!);
  await expect(page).toHaveURL(/\/signin\?verified=1$/);

  // Sign in: Enter in the password field submits the form.
  const signin = signInPage(page, t);
  await typeInto(page, signin.email, user.email);
  await typeInto(page, signin.password, user.password);
  await page.keyboard.press('Enter');
  await expectDashboard(page, t, brand, user);

  // The side bar's account group opens and closes by keyboard.
  const accountGroup = page.getByRole('navigation').getByRole('button', { name: t('common:nav.myAccount') });
  await tabTo(page, accountGroup);
  await page.keyboard.press('Enter');
  await expect(accountGroup).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Space');
  await expect(accountGroup).toHaveAttribute('aria-expanded', 'false');

  // Add a pet from the dashboard's prompt: a picture (the file chooser is the system's; the crop dialog by
  // keyboard), species, name, birthday, gender, breed.
  await tabTo(page, page.getByRole('main').getByRole('link', { name: bt('common:nav.newPet') }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: bt('pets:newPet.title') })).toBeVisible();
  // Listening before the presses: Playwright starts catching the file dialog with a message to the browser,
  // which a single key press could overtake.
  const chooser = page.waitForEvent('filechooser');
  await tabTo(page, page.getByRole('button', { name: t('pets:picture.add') }));
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(await pictureFile(page));
  const crop = page.getByRole('dialog', { name: t('common:image.crop.title') });
  await expect(crop).toBeVisible();
  await tabTo(page, crop.getByRole('button', { name: t('common:image.crop.done'), exact: true }));
  await page.keyboard.press('Enter');
  await expect(crop).toBeHidden();
  // The dialog hands the focus back to where it was opened from.
  await expectVisibleFocus(page);

  const petName = lang === 'de' ? 'Frau Schmidt' : 'Miss Marple';
  const species = brandConfig(brand).petTypes;
  const type = species.length === 1 ? 'Dog' : 'Cat';
  if (species.length > 1) {
    await chooseRadio(
      page,
      page.getByRole('radiogroup', { name: t('pets:fields.pet_type') }),
      page.getByRole('radio', { name: t(`pets:species.${type}`), exact: true }),
    );
  }
  await typeInto(page, page.getByRole('textbox', { name: t('pets:fields.name'), exact: true }), petName);
  const born = displayDate(-800);
  await typeInto(
    page,
    page.getByRole('textbox', { name: t('pets:fields.date_of_birth'), exact: true }),
    born,
  );
  await chooseRadio(
    page,
    page.getByRole('radiogroup', { name: t('pets:fields.gender') }),
    page.getByRole('radio', { name: t('pets:gender.female'), exact: true }),
  );
  await typeInto(page, page.getByRole('textbox', { name: t('pets:fields.race'), exact: true }), 'Kurzhaar');
  await tabTo(page, page.getByRole('button', { name: bt('pets:newPet.submit'), exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  const pets = (await (await page.request.get(apiPaths.pet)).json()) as Array<Record<string, unknown>>;
  expect(pets).toHaveLength(1);
  expect(pets[0]).toMatchObject({ name: petName, pet_type: type, gender: 'female', date_of_birth: born });
  expect(pets[0]?.image_url).toEqual(expect.any(String));
  const petId = String(pets[0]?.id);

  // The pet's page through my pets, its appointments, and a new appointment.
  await tabTo(
    page,
    page.getByRole('region', { name: t('dashboard:cardsLabel') }).getByRole('link', {
      name: new RegExp(t('dashboard:cards.my-pets.title')),
    }),
  );
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('main').getByRole('link', { name: new RegExp(petName) }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: petName })).toBeVisible();
  await tabTo(
    page,
    page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(t('pets:details.sections.appointments.title')) }),
  );
  await page.keyboard.press('Enter');
  await expect(page.getByText(t('appointments:empty.title'))).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: t('appointments:list.add') }).first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/add-appointment$/);

  const field = (key: string) =>
    page.getByRole('textbox', { name: t(`appointments:fields.${key}`), exact: true });
  if (brandConfig(brand).petNameInAppointments) {
    await expect(
      page.getByRole('combobox', { name: bt('appointments:fields.pet'), exact: true }),
    ).toHaveValue(petName);
  }
  await chooseRadio(
    page,
    page.getByRole('radiogroup', { name: t('appointments:fields.appointment_type') }),
    page.getByRole('radio', { name: t('appointments:types.Examination'), exact: true }),
  );
  await typeInto(page, field('reason'), 'Check-up');
  // The country: a searchable list, opened and chosen with the arrows and Enter.
  const country = page.getByRole('combobox', { name: t('appointments:fields.country'), exact: true });
  await typeInto(page, country, lang === 'de' ? 'Deutschland' : 'Germany');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(country).toHaveValue(lang === 'de' ? 'Deutschland' : 'Germany');
  const date = displayDate(14);
  await typeInto(page, field('appointment_date'), date);
  await typeInto(page, field('appointment_time'), '14:30');
  await tabTo(page, page.getByRole('button', { name: t('appointments:add.submit'), exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/appointments$/);
  const saved = (await (
    await page.request.get(apiPaths.petAppointments, { params: { pet_id: petId } })
  ).json()) as Array<Record<string, unknown>>;
  expect(saved).toHaveLength(1);
  expect(saved[0]).toMatchObject({
    appointment_type: 'Examination',
    appointment_reason: 'Check-up',
    appointment_date: date,
    appointment_time: '14:30',
    appointment_country: 'DE',
  });
  await expect(page.getByRole('main')).toContainText('Check-up');

  // Sign out from the account menu: Enter opens it, the arrows reach the entry.
  await tabTo(page, accountMenu(page, t), { max: 80 });
  await page.keyboard.press('Enter');
  const logout = page.getByRole('menuitem', { name: t('common:actions.logout') });
  await expect(logout).toBeVisible();
  for (let i = 0; i < 10 && !(await logout.evaluate((e) => e === document.activeElement)); i++) {
    await page.keyboard.press('ArrowDown');
    await expectVisibleFocus(page);
  }
  await expect(logout).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/signin$/);
  await expect(signin.heading).toBeVisible();
  // The first Tab on the signed-out page lands on something visible.
  await tab(page);
});
