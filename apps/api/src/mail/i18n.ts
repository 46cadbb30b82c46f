import { isLanguage, type Language } from '@pet/shared';
import { fillPlaceholders } from '../lib/placeholders.ts';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };

// Mail texts in the recipient's language. Texts are plain text with {{name}} placeholders; the HTML layout
// escapes them after interpolation, so neither a text nor a value (a user's name) can inject markup.

export type MailTextKey = keyof typeof en;
export const MAIL_LOCALES: Record<Language, Record<MailTextKey, string>> = { en, de };

export function mailLanguage(value: unknown): Language {
  return isLanguage(value) ? value : 'en';
}

export function mailText(
  language: Language,
  key: MailTextKey,
  values: Record<string, string | number> = {},
): string {
  return fillPlaceholders(MAIL_LOCALES[language][key], values);
}
