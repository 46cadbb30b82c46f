import type { Language } from '@pet/shared';
import { fillPlaceholders } from '../../lib/placeholders.ts';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };

// The texts of the emergency file and the tag in English and German, with {{name}} placeholders like the
// mails' (mail/i18n.ts). Plain text: pdfkit prints it as given.

export type EmergencyTextKey = keyof typeof en;
export const EMERGENCY_LOCALES: Record<Language, Record<EmergencyTextKey, string>> = { en, de };

export type EmergencyText = (key: EmergencyTextKey, values?: Record<string, string | number>) => string;

export function emergencyTexts(language: Language): EmergencyText {
  const table = EMERGENCY_LOCALES[language];
  return (key, values) => fillPlaceholders(table[key], values);
}
