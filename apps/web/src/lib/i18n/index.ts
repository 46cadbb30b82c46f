import type { BrandConfig } from '@pet/shared/brands';
import { DEFAULT_LANGUAGE, type Language } from '@pet/shared/constants';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { bundleBackend, type LanguageBundle } from './bundles.ts';
import { isLanguage } from './language.ts';

/**
 * One i18next instance for the app. The brand's name and support address are default interpolation
 * variables, so brand texts need no copies per brand. `bundles` holds the texts at hand (the app: the start
 * part of the language it starts in; tests: everything); the rest comes through the backend (bundles.ts)
 * when a page asks for its namespaces or the app switches language.
 */
export function createI18n(
  brand: BrandConfig,
  language: Language,
  bundles: Partial<Record<Language, Partial<LanguageBundle>>>,
): I18n {
  const instance = i18next.createInstance();
  const present = bundles[language] ?? bundles[DEFAULT_LANGUAGE];
  if (!present) throw new Error(`createI18n needs the texts of ${language}`);
  instance
    .use(initReactI18next)
    .use(bundleBackend)
    .init({
      resources: bundles,
      // Namespaces the given texts lack come through the backend.
      partialBundledLanguages: true,
      lng: language,
      // No fallback: German has every English key (type check and locale test), and a fallback would make
      // a German visitor download the English texts too.
      fallbackLng: false,
      supportedLngs: ['en', 'de'],
      ns: Object.keys(present),
      defaultNS: 'common',
      initAsync: false,
      returnNull: false,
      interpolation: {
        // React escapes what it renders.
        escapeValue: false,
        defaultVariables: { brand: brand.displayName, supportEmail: brand.links.supportEmail },
      },
      react: { useSuspense: false },
    });
  applyLanguageSideEffects(language);
  instance.on('languageChanged', (lng) => {
    if (isLanguage(lng)) applyLanguageSideEffects(lng);
  });
  return instance;
}

function applyLanguageSideEffects(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export function currentLanguage(instance: I18n): Language {
  const lng = instance.resolvedLanguage ?? instance.language;
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}
