import { expect, test } from '../fixtures/index.ts';
import { signInPage } from '../fixtures/ui.ts';

// Every portal serves the web app, and the sign-in page renders for each brand in the browser's language:
// the one test every project runs.
test('the sign-in page shows an e-mail field', { tag: ['@de', '@tier-fritz', '@hunde-schutz'] }, async ({
  page,
  t,
  lang,
}) => {
  await page.goto('/signin');
  const signin = signInPage(page, t);
  await expect(signin.heading).toBeVisible();
  await expect(signin.email).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
});
