import { expect, test } from '../fixtures/index.ts';

// Every portal serves the web app, and the sign-in page renders for each brand and language.
test('the sign-in page shows an e-mail field', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.locator('input[type="email"], input[name="email"]').first()).toBeVisible();
});
