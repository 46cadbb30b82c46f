// The account screens: the profile's name (checked on blur, saved, shown in the top bar), the settings'
// address (saved and still there after a reload) and the language switch, which the server keeps; the
// profile's avatar and private calendar address.

import { apiPaths } from '@pet/shared/paths';
import { expect, test, translator } from '../fixtures/index.ts';
import {
  addAppointment,
  addPet,
  displayDate,
  paidOwner,
  pictureFile,
  signedInOwner,
} from '../fixtures/pets.ts';
import { accountMenu, expectFieldError } from '../fixtures/ui.ts';

test('profile: a too short name is refused on blur, a good one is saved and shown in the top bar', async ({
  page,
  t,
  api,
  seed,
  shot,
}) => {
  const user = await signedInOwner(api, page.request, seed.user().name);

  await page.goto('/my-account/profile');
  await expect(page.getByRole('heading', { level: 1, name: t('account:profile.title') })).toBeVisible();
  const name = page.getByRole('textbox', { name: t('account:profile.name'), exact: true });
  const email = page.getByRole('textbox', { name: t('account:profile.email'), exact: true });
  await expect(name).toHaveValue(user.name);
  await expect(email).toHaveValue(user.email);
  await expect(email).toHaveAttribute('readonly', '');
  await shot('profile');

  await name.fill('Al');
  await name.blur();
  await expectFieldError(name, t('errors:Name_Length_Error'));
  await shot('profile-name-error');

  const renamed = `${user.name} Jr`;
  await name.fill(renamed);
  await page.getByRole('button', { name: t('account:profile.save'), exact: true }).click();
  await expect(page.getByText(t('account:profile.saved'))).toBeVisible();
  await expect(accountMenu(page, t)).toContainText(renamed);
  await page.reload();
  await expect(name).toHaveValue(renamed);
});

test('settings: the address is saved, and the language is kept by the server', async ({
  page,
  t,
  lang,
  brand,
  api,
  seed,
  shot,
}) => {
  await signedInOwner(api, page.request, seed.user().name);

  await page.goto('/my-account/profile/settings');
  await expect(page.getByRole('heading', { level: 1, name: t('account:settings.title') })).toBeVisible();
  await page.getByRole('button', { name: t('account:settings.address.title') }).click();
  const city = page.getByRole('textbox', { name: t('account:settings.address.city'), exact: true });
  const zipcode = page.getByRole('textbox', { name: t('account:settings.address.zipcode'), exact: true });
  await expect(city).toBeVisible();
  await city.fill('Hamburg');
  await zipcode.fill('20095');
  await shot('settings-address');
  await page.getByRole('button', { name: t('account:settings.address.save'), exact: true }).click();
  await expect(page.getByText(t('account:settings.address.saved'))).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: t('account:settings.address.title') }).click();
  await expect(city).toHaveValue('Hamburg');
  await expect(zipcode).toHaveValue('20095');

  // Switch to the other language: the screen changes at once, and the server keeps the choice.
  const other = lang === 'en' ? 'de' : 'en';
  const there = translator(other, brand);
  await page.getByRole('combobox', { name: t('account:settings.language.label'), exact: true }).click();
  await page.getByRole('option', { name: t(`common:language.${other}`), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: there('account:settings.title') })).toBeVisible();
  await expect(page.getByText(there('account:settings.language.saved'))).toBeVisible();
  await shot('settings-other-language');

  // The server keeps it: myinfo says so, and a fresh load of the app (no language cached in this tab) uses it.
  const me = await page.request.get(apiPaths.myInfo);
  expect(((await me.json()) as { language: string }).language).toBe(other);
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: there('common:nav.home') }).first()).toBeVisible();
});

test('profile: a cropped avatar, and a private calendar address that serves the appointments until revoked', async ({
  page,
  api,
  t,
  lang,
  shot,
}) => {
  test.slow();
  const user = await paidOwner(api, page.request, lang === 'de' ? 'Erika Mustermann' : 'Alex Walker');
  const pet = await addPet(page.request, api.origin, { name: 'Luna' });
  await addAppointment(page.request, api.origin, pet.id, {
    reason: 'Zahnkontrolle',
    appointment_date: displayDate(9),
  });

  await page.goto('/my-account/profile');
  await expect(page.getByRole('heading', { level: 1, name: t('account:profile.title') })).toBeVisible();

  // The avatar: pick -> crop -> uploaded; the top bar shows it too.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: t('account:profile.avatarAdd') }).click();
  await (await chooser).setFiles(await pictureFile(page, 'me.jpg'));
  const crop = page.getByRole('dialog', { name: t('common:image.crop.title') });
  await crop.getByRole('button', { name: t('common:image.crop.done'), exact: true }).click();
  await expect(page.getByText(t('account:profile.avatarSaved'))).toBeVisible();
  const me = (await (await page.request.get(apiPaths.myInfo)).json()) as { image_url: string | null };
  expect(me.image_url).toEqual(expect.any(String));
  const avatar = page.getByRole('img', { name: t('account:profile.avatarAlt', { name: user.name }) });
  await expect
    .poll(() => avatar.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);

  // The calendar address: shown once, it serves the appointment; revoked, it answers 404.
  const feed = page.getByRole('region', { name: t('account:calendarFeed.title') });
  await expect(feed).toContainText(t('account:calendarFeed.none'));
  await feed.getByRole('button', { name: t('account:calendarFeed.create') }).click();
  const address = feed.getByRole('textbox', { name: t('account:calendarFeed.urlLabel') });
  await expect(address).toHaveValue(/^https?:\/\/.+/);
  await shot('profile-avatar-calendar');
  const url = await address.inputValue();
  const calendar = await page.request.get(url);
  expect(calendar.status()).toBe(200);
  expect(calendar.headers()['content-type']).toContain('text/calendar');
  expect(await calendar.text()).toContain('Zahnkontrolle');

  await feed.getByRole('button', { name: t('account:calendarFeed.revoke') }).click();
  const confirm = page.getByRole('dialog', { name: t('account:calendarFeed.revokeConfirmTitle') });
  await confirm.getByRole('button', { name: t('account:calendarFeed.revoke') }).click();
  await expect(page.getByText(t('account:calendarFeed.revoked'))).toBeVisible();
  expect((await page.request.get(url)).status()).toBe(404);
});
