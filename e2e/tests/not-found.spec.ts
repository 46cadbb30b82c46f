// An address the app does not know shows the not-found page, signed out as well as signed in.
import { expect, test } from '../fixtures/index.ts';

test('an unknown route shows the 404 page with a way home', async ({ page, t, shot }) => {
  const response = await page.goto(`/no-such-page-${Date.now()}`);
  // The server answers every app route with the app; the app decides it is unknown.
  expect(response?.ok()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: t('common:notFound.title') })).toBeVisible();
  await expect(page.getByText(t('common:notFound.code'), { exact: true })).toBeVisible();
  await expect(page.getByText(t('common:notFound.text'))).toBeVisible();
  await shot('not-found');

  // Home is protected: signed out, it leads to sign-in.
  await page.getByRole('link', { name: t('common:actions.goHome') }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { level: 1, name: t('auth:signin.title') })).toBeVisible();
});
