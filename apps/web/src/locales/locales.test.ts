import { readdirSync, readFileSync } from 'node:fs';
import { ALL_ERROR_TEXT_KEYS } from '@pet/shared/errors';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '../lib/i18n/resources.ts';

// Both languages carry exactly the same keys, every error text key of the shared catalogue is translated,
// and a translation uses the same {{variables}} as its English original.

// jsdom gives import.meta.url an http scheme; Vitest's import.meta.dirname is the file's folder on disk.
const dir = import.meta.dirname;
const LANGS = ['en', 'de'] as const;

type Tree = { [key: string]: string | Tree };

function load(lang: string, ns: string): Tree {
  return JSON.parse(readFileSync(`${dir}/${lang}/${ns}.json`, 'utf8')) as Tree;
}

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

function variables(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

describe('locale files', () => {
  it('have the same namespace files in every language, all registered with i18next', () => {
    const en = readdirSync(`${dir}/en`)
      .filter((f) => f.endsWith('.json'))
      .sort();
    const de = readdirSync(`${dir}/de`)
      .filter((f) => f.endsWith('.json'))
      .sort();
    expect(de).toEqual(en);
    expect(en.map((f) => f.replace(/\.json$/, ''))).toEqual([...NAMESPACES].sort());
  });

  for (const ns of NAMESPACES) {
    it(`${ns}: English and German have identical keys, non-empty texts and the same variables`, () => {
      const en = flatten(load('en', ns));
      const de = flatten(load('de', ns));
      expect([...de.keys()].sort()).toEqual([...en.keys()].sort());
      for (const lang of LANGS) {
        const texts = lang === 'en' ? en : de;
        for (const [key, text] of texts) expect(text.trim(), `${lang}/${ns}.json ${key}`).not.toBe('');
      }
      for (const [key, text] of en) {
        expect(variables(de.get(key) ?? ''), `de/${ns}.json ${key}`).toEqual(variables(text));
      }
    });
  }

  it('errors: every text key of the shared catalogue is translated in both languages', () => {
    expect(ALL_ERROR_TEXT_KEYS.length).toBeGreaterThan(100);
    for (const lang of LANGS) {
      const errors = flatten(load(lang, 'errors'));
      const missing = ALL_ERROR_TEXT_KEYS.filter((key) => !errors.has(key));
      expect(missing, `${lang}/errors.json lacks`).toEqual([]);
    }
  });

  it('errors: extra keys are only brand contexts of catalogue keys', () => {
    const known = new Set<string>(ALL_ERROR_TEXT_KEYS);
    const extra = [...flatten(load('en', 'errors')).keys()].filter((key) => !known.has(key));
    for (const key of extra) expect(known.has(key.replace(/_dog$/, '')), key).toBe(true);
  });

  it('German texts are German: the texts that must differ do', () => {
    // Spot checks against English leaking into the German files.
    const de = flatten(load('de', 'errors'));
    expect(de.get('Incorrect_Email_Or_Password')).toBe('E-Mail-Adresse oder Passwort ist falsch.');
    expect(de.get('Emergency_Password_Invalid_Text')).toMatch(/Ungültiges Notfallpasswort/);
    const en = flatten(load('en', 'errors'));
    const same = [...en]
      .filter(([key, text]) => text.length > 12 && de.get(key) === text)
      .map(([key]) => key);
    expect(same).toEqual([]);
  });

  for (const ns of NAMESPACES) {
    it(`${ns}: German addresses the reader formally (Sie, Ihr), never with du`, () => {
      // One register across the app; a screen that says "du" next to one that says "Sie" reads as unfinished.
      const informal = /\b(du|dich|dir|dein|deine|deiner|deines|deinem|deinen)\b/i;
      const found = [...flatten(load('de', ns))]
        .filter(([, text]) => informal.test(text))
        .map(([key]) => key);
      expect(found).toEqual([]);
    });
  }
});
