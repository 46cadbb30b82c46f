import type { BrandConfig } from '@pet/shared/brands';
import { DEFAULT_LANGUAGE, type Language } from '@pet/shared/constants';
import dayjs from 'dayjs';
import 'dayjs/locale/de';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { initialLanguage, isLanguage } from './language.ts';
import { NAMESPACES, resources } from './resources.ts';

/**
 * One i18next instance for the app. The brand's name and support address are default interpolation
 * variables, so brand texts need no copies per brand.
 */
export function createI18n(brand: BrandConfig, language: Language = initialLanguage()): I18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: ['en', 'de'],
    ns: NAMESPACES,
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
  dayjs.locale(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export function currentLanguage(instance: I18n): Language {
  const lng = instance.resolvedLanguage ?? instance.language;
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}
