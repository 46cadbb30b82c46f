// The legal pages (issue 15): the register form's privacy and terms links open them in a new tab, the footer's
// imprint link in the same one; each shows the brand's text in the user's language from /v1/legal, signed
// out and signed in.
import { brandConfig } from '@pet/shared/brands';
import { paths } from '@pet/shared/paths';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/index.ts';
import { signedInOwner } from '../fixtures/pets.ts';
import { registerPage } from '../fixtures/ui.ts';

/** The first words of the shipped placeholders (apps/api/legal), which say they must be replaced. */
const TEMPLATE_NOTICE = {
  en: 'Template — replace before going live.',
  de: 'Vorlage – vor dem Betrieb ersetzen.',
};

async function expectLegalPage(page: Page, title: string, texts: string[]) {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const article = page.getByRole('article', { name: title });
  for (const text of texts) await expect(article).toContainText(text);
}

test('the register form opens privacy policy and terms in a new tab, the footer the imprint', {
  tag: ['@de', '@tier-fritz'],
}, async ({ page, context, t, brand, lang, shot }) => {
  const { displayName: brandName, links } = brandConfig(brand);
  await page.goto(paths.register);
  const form = registerPage(page, t);
  await expect(form.heading).toBeVisible();
  // The links inside the acceptance checkbox's label ("I accept the privacy policy and the terms …").
  const inForm = page.locator('form');

  const [privacy] = await Promise.all([
    context.waitForEvent('page'),
    inForm.locator(`a[href="${links.privacy}"]`).click(),
  ]);
  await expect(privacy).toHaveURL(new RegExp(`${paths.dataProtection}$`));
  await expectLegalPage(privacy, t('legal:dataProtection.title'), [
    TEMPLATE_NOTICE[lang],
    brandName,
    'Stripe',
  ]);
  await shot('legal-privacy', privacy);
  await privacy.close();

  const [terms] = await Promise.all([
    context.waitForEvent('page'),
    inForm.locator(`a[href="${links.terms}"]`).click(),
  ]);
  await expect(terms).toHaveURL(new RegExp(`${paths.conditions}$`));
  await expectLegalPage(terms, t('legal:conditions.title'), [TEMPLATE_NOTICE[lang], brandName]);
  await shot('legal-terms', terms);
  // A link in the text to another legal page stays in the app.
  await terms
    .getByRole('article')
    .getByRole('link', { name: t('legal:pdf.title') })
    .click();
  await expect(terms).toHaveURL(new RegExp(`${paths.pdf}$`));
  await terms.close();

  // The register form is untouched (the links did not tick the box) and its footer has the imprint.
  await expect(form.terms).not.toBeChecked();
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: t('common:footer.imprint') })
    .click();
  await expect(page).toHaveURL(new RegExp(`${paths.pdf}$`));
  await expectLegalPage(page, t('legal:pdf.title'), [TEMPLATE_NOTICE[lang], brandName]);
  await shot('legal-imprint');
});

test('signed in, the legal pages show as well', async ({ page, api, seed, t }) => {
  await signedInOwner(api, page.request, seed.user().name);
  await page.goto(paths.conditions);
  await expectLegalPage(page, t('legal:conditions.title'), [TEMPLATE_NOTICE.en]);
});
