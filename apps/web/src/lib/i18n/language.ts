import {
  browserLanguage,
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
} from '@pet/shared/constants';

// Which language to start in: the user's own earlier choice on this device, else the browser's language
// (de* -> de), else English. A signed-in user's profile language replaces it once it is known.

const STORAGE_KEY = 'pet.language';

// The rules themselves are shared with the server, which preloads the texts by them (@pet/shared/constants).
export { browserLanguage, isLanguage };

export function storedLanguage(): Language | null {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Tells the server which language this browser starts in (a cookie), so the next page's HTML preloads those
 * texts (issue 46). Only a hint: the app still decides by initialLanguage.
 */
export function shareLanguageWithServer(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: Safari before 18.4 and Firefox lack the Cookie Store API; one plain cookie is enough
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${LANGUAGE_COOKIE_SECONDS}; samesite=lax`;
}

const LANGUAGE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

export function rememberLanguage(language: Language): void {
  shareLanguageWithServer(language);
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

export function initialLanguage(): Language {
  if (typeof window === 'undefined') return DEFAULT_LANGUAGE;
  const nav = window.navigator;
  return storedLanguage() ?? browserLanguage(nav.languages?.length ? nav.languages : [nav.language]);
}
