import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BRAND_IDS, brandConfig, LANGUAGES, LEGAL_DOCUMENTS, legalDocumentResponseSchema } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { afterAll, describe, expect, test } from 'vitest';
import { useTestApp } from '../../../test/support/test-app.ts';
import { readLegalDocument, SHIPPED_LEGAL_DIR } from './legal-documents.ts';

// The legal pages' texts (issue 15): GET /v1/legal/{imprint|terms|privacy}?language=, public, the brand's
// Markdown from the operator's LEGAL_DIR or else the shipped placeholder, read on every request.

const operatorDir = join(tmpdir(), `pet-legal-${process.pid}-${Date.now()}`);
const t = useTestApp({ env: { LEGAL_DIR: operatorDir } });
afterAll(() => rm(operatorDir, { recursive: true, force: true }));

/** What the shipped placeholders say first, so nobody mistakes them for a real text. */
const TEMPLATE_NOTICE = {
  en: '**Template — replace before going live.**',
  de: '**Vorlage – vor dem Betrieb ersetzen.**',
};

const legal = (document: string, query = 'language=en', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `${apiPaths.legal}/${document}?${query}`, headers });

async function operatorFile(relative: string, markdown: string) {
  const path = join(operatorDir, relative);
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, markdown);
}

describe('the shipped placeholders', () => {
  test.each(LANGUAGES)(
    'every document of the server’s brand in %s, public and briefly cached',
    async (language) => {
      for (const document of LEGAL_DOCUMENTS) {
        const answer = await legal(document, `language=${language}`);
        expect(answer.statusCode, document).toBe(200);
        const body = legalDocumentResponseSchema.parse(answer.json());
        expect(body).toMatchObject({ document, language });
        expect(body.markdown.startsWith(`> ${TEMPLATE_NOTICE[language]}`), document).toBe(true);
        expect(body.markdown).toContain(`petention/${language}/${document}.md`);
        expect(answer.headers['cache-control']).toBe('public, max-age=60');
        expect(answer.headers.etag).toMatch(/^"[\w-]{32}"$/);
      }
    },
  );

  test('every brand has all three documents in both languages, naming the brand and saying they are templates', async () => {
    const dirs = { operator: operatorDir, shipped: SHIPPED_LEGAL_DIR };
    for (const brand of BRAND_IDS) {
      for (const language of LANGUAGES) {
        for (const document of LEGAL_DOCUMENTS) {
          const markdown = await readLegalDocument(dirs, brand, language, document);
          const where = `${brand}/${language}/${document}`;
          expect(markdown.startsWith(`> ${TEMPLATE_NOTICE[language]}`), where).toBe(true);
          expect(markdown, where).toContain(`${brand}/${language}/${document}.md`);
          // The page shows the title from the locale files; a text starts with its first section.
          expect(markdown, where).not.toMatch(/^# /m);
          if (document !== 'imprint' || language === 'en')
            expect(markdown, where).toContain(brandConfig(brand).displayName);
        }
      }
    }
  });

  test('the privacy placeholder names what the portal stores, Stripe among it', async () => {
    const en = legalDocumentResponseSchema.parse((await legal('privacy')).json()).markdown;
    for (const stored of [
      'e-mail address',
      'pictures',
      'medical data',
      'documents',
      'Stripe',
      'IP address',
      'never logged',
    ]) {
      expect(en).toContain(stored);
    }
    const de = legalDocumentResponseSchema.parse((await legal('privacy', 'language=de')).json()).markdown;
    for (const stored of [
      'E-Mail-Adresse',
      'Bilder',
      'medizinische Daten',
      'Dokumente',
      'Stripe',
      'IP-Adresse',
    ]) {
      expect(de).toContain(stored);
    }
  });

  test('a signed-in caller gets the same public text', async () => {
    const user = await t.user();
    const answer = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.legal}/terms?language=de`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().markdown).toContain(TEMPLATE_NOTICE.de);
  });
});

describe('the operator’s files', () => {
  test('replace a placeholder without a restart, for that brand, language and document only; removing one brings the placeholder back', async () => {
    const shipped = (await legal('imprint', 'language=de')).json().markdown;
    await operatorFile(
      'petention/de/imprint.md',
      '## Anbieter\n\nMuster GmbH, Musterstraße 1, 10115 Berlin\n',
    );
    expect((await legal('imprint', 'language=de')).json()).toEqual({
      document: 'imprint',
      language: 'de',
      markdown: '## Anbieter\n\nMuster GmbH, Musterstraße 1, 10115 Berlin\n',
    });
    expect((await legal('imprint', 'language=en')).json().markdown).toContain(TEMPLATE_NOTICE.en);
    expect((await legal('terms', 'language=de')).json().markdown).toContain(TEMPLATE_NOTICE.de);
    // Another brand's file is not this server's.
    await operatorFile('tier-fritz/en/privacy.md', 'Tier-Fritz only\n');
    expect((await legal('privacy')).json().markdown).toContain(TEMPLATE_NOTICE.en);

    await rm(join(operatorDir, 'petention/de/imprint.md'));
    expect((await legal('imprint', 'language=de')).json().markdown).toBe(shipped);
  });

  test('the ETag answers 304 while the text is unchanged and moves when the operator changes it', async () => {
    await operatorFile('petention/en/terms.md', 'First version\n');
    const first = await legal('terms');
    const etag = first.headers.etag as string;
    const again = await legal('terms', 'language=en', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await legal('terms', 'language=en', { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(
      304,
    );

    await operatorFile('petention/en/terms.md', 'Second version\n');
    const changed = await legal('terms', 'language=en', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().markdown).toBe('Second version\n');
    expect(changed.headers.etag).not.toBe(etag);
    // The other language of the same text has its own address, so its own copy in the cache.
    expect((await legal('terms', 'language=de', { 'if-none-match': etag })).statusCode).toBe(200);
  });
});

describe('what is refused', () => {
  test('an unknown document answers 404 like a missing thing', async () => {
    for (const document of ['cookies', 'Imprint', 'imprint.md', 'IMPRINT']) {
      const answer = await legal(document);
      expect(answer.statusCode, document).toBe(404);
      expect(answer.json(), document).toEqual({ code: 'NOT_FOUND', message: 'Not_Found_Text' });
    }
  });

  test('a path-traversal attempt reads no file outside the legal texts', async () => {
    // A file the traversals below would reach if a request's value went into a path.
    await operatorFile('secret.md', 'not a legal text');
    await operatorFile('petention/secret.md', 'not a legal text');
    for (const document of [
      '..%2Fsecret',
      '..%2F..%2Fsecret',
      '%2E%2E%2Fsecret',
      '..%5Csecret',
      'imprint%00',
    ]) {
      const answer = await legal(document);
      expect(answer.statusCode, document).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, document).toBeLessThan(500);
      expect(answer.body, document).not.toContain('not a legal text');
    }
    for (const language of ['..%2Fsecret', '..', 'en%2F..%2F..', 'fr']) {
      const answer = await legal('imprint', `language=${language}`);
      expect(answer.statusCode, language).toBe(400);
      expect(answer.json(), language).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { language: 'Language_Error' },
      });
    }
    expect((await legal('imprint', '')).statusCode).toBe(400);
  });
});

describe('another brand', () => {
  const fritz = useTestApp({ brand: 'tier-fritz', env: { LEGAL_DIR: operatorDir } });

  test('serves its own placeholders and its own operator files', async () => {
    const en = await fritz.app.inject({ method: 'GET', url: `${apiPaths.legal}/imprint?language=en` });
    expect(en.json().markdown).toContain('tier-fritz/en/imprint.md');
    expect(en.json().markdown).toContain('Tier-Fritz is operated by');
    await operatorFile('tier-fritz/en/privacy.md', 'Tier-Fritz only\n');
    const privacy = await fritz.app.inject({ method: 'GET', url: `${apiPaths.legal}/privacy?language=en` });
    expect(privacy.json().markdown).toBe('Tier-Fritz only\n');
  });
});
