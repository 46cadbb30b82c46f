// The emergency domain's constants and helpers, without zod: a page that only displays imports these and
// loads no schema (issue 46). The requests' and answers' schemas are in schemas/emergency.ts.

export const EMERGENCY_LANGUAGES = ['en', 'de'] as const;

export type EmergencyLanguage = (typeof EMERGENCY_LANGUAGES)[number];

/** The public form's language before the finder chooses (spec 1 section 9). */
export const PUBLIC_EMERGENCY_DEFAULT_LANGUAGE: EmergencyLanguage = 'de';

/** The names the PDF is saved under (spec 1 section 7). */
export const EMERGENCY_FILE_NAMES: Record<EmergencyLanguage, string> = {
  en: 'Emergency_File.pdf',
  de: 'Notfallakte.pdf',
};

/** Public downloads per address (issue 12: at most 10 per 10 minutes). */
export const PUBLIC_EMERGENCY_LIMIT = { max: 10, windowMinutes: 10 } as const;

/** At most one "your pet's emergency file was opened" mail per owner and hour. */
export const EMERGENCY_MAIL_INTERVAL_MINUTES = 60;

/** A personal emergency password: at least 10 characters of the activation codes' alphabet. */
export const PERSONAL_EMERGENCY_CODE_LENGTH = 12;

export const SHARE_LINK_DAYS = { min: 1, max: 30, default: 7 } as const;
