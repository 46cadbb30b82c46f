// Business constants from the specification (section 9 of both documents).

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 30;
export const NAME_MIN = 3;
export const NAME_MAX = 30;
export const EMAIL_MAX = 254;

export const MAX_UPLOAD_BYTES = 26_214_400; // 25 MB
export const MAX_FILES_PER_UPLOAD = 5;
export const COMMENTS_MAX = 100;
export const PET_SIZE_MIN_CM = 10;
export const PET_SIZE_MAX_CM = 100;
export const UNLIMITED_DOCUMENTS_FROM = 100;
export const MIN_PAYMENT_EUR = 0.5;
export const API_TIMEOUT_MS = 30_000;
export const SIDEBAR_WIDTH_PX = 285;

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language a browser's preferences give (navigator.languages, or Accept-Language's tags in order): the
 * first one decides, de* is German, anything else English. The web app starts in it and the server preloads
 * its texts by it, so both read it the same way.
 */
export function browserLanguage(languages: readonly string[] | undefined): Language {
  const first = languages?.[0]?.trim().toLowerCase();
  if (!first) return DEFAULT_LANGUAGE;
  return first.startsWith('de') ? 'de' : 'en';
}
/**
 * The language the web app starts in on this browser, for the server (issue 46): the page's HTML preloads
 * that language's texts. Written by the app (not HttpOnly); without it the server goes by Accept-Language.
 */
export const LANGUAGE_COOKIE = 'pet.lang';

/** Session lifetimes for the "stay signed in" switch (DESIGN.md). */
export const SESSION_LONG_SECONDS = 30 * 24 * 60 * 60;
export const SESSION_SHORT_SECONDS = 24 * 60 * 60;
/**
 * The signed-in hint (docs/decisions/0013): a cookie the web app can read, set and cleared by the API together
 * with the (HttpOnly) session cookie, so an anonymous visit knows it is signed out without asking myinfo.
 */
export const SESSION_HINT_COOKIE = 'pet.signed_in';

export const DATE_FORMAT = 'DD.MM.YYYY';
export const TIME_FORMAT = 'HH:mm';
