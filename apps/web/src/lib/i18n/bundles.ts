import type { Language } from '@pet/shared/constants';
import type { BackendModule, ReadCallback } from 'i18next';
import type { en } from '../../locales/en/index.ts';
import type { start } from '../../locales/en/start.ts';

// The texts come in chunks per language and part: a visitor downloads only the language the app shows, and
// the sign-in pages only the start part (about a quarter); the rest comes with the first page that needs it
// (a layout asks for its namespaces, see useTextsReady), or early when the app opens on such a page.

export type LanguageBundle = typeof en;
export type TextPart = 'start' | 'rest';
type Namespace = keyof LanguageBundle;

const START_NAMESPACES = ['common', 'auth', 'errors', 'legal'] as const satisfies (keyof typeof start)[];
export const REST_NAMESPACES = [
  'account',
  'billing',
  'dashboard',
  'pets',
  'plans',
  'medical',
  'documents',
  'contacts',
  'appointments',
  'emergency',
  'share',
  'household',
  'doses',
  'reminders',
] as const satisfies Exclude<Namespace, (typeof START_NAMESPACES)[number]>[];

const loaders: Record<Language, Record<TextPart, () => Promise<Partial<LanguageBundle>>>> = {
  en: {
    start: () => import('../../locales/en/start.ts').then((m) => m.start),
    rest: () => import('../../locales/en/rest.ts').then((m) => m.rest),
  },
  de: {
    start: () => import('../../locales/de/start.ts').then((m) => m.start),
    rest: () => import('../../locales/de/rest.ts').then((m) => m.rest),
  },
};

const loaded = new Map<string, Promise<Partial<LanguageBundle>>>();

export function loadTexts(language: Language, part: TextPart): Promise<Partial<LanguageBundle>> {
  const key = `${language}/${part}`;
  let texts = loaded.get(key);
  if (!texts) {
    texts = loaders[language][part]();
    // A failed download (offline for a moment) may be tried again on the next ask.
    texts.catch(() => loaded.delete(key));
    loaded.set(key, texts);
  }
  return texts;
}

function partOf(namespace: string): TextPart {
  return (START_NAMESPACES as readonly string[]).includes(namespace) ? 'start' : 'rest';
}

/**
 * i18next's way to get texts it does not have yet: `changeLanguage` and `loadNamespaces` wait for this, so
 * the screen never shows keys in place of texts.
 */
export const bundleBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    if (language !== 'en' && language !== 'de') return callback(new Error(`no texts for ${language}`), null);
    loadTexts(language, partOf(namespace)).then(
      (texts) => callback(null, texts[namespace as Namespace] ?? null),
      (error: Error) => callback(error, null),
    );
  },
};
