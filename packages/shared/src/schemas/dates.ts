import { z } from 'zod';
import { displayDateToIso, isValidTimeZone, normalizeTime } from '../domain/dates.ts';

// Dates travel as dd.MM.yyyy and times as HH:mm (24-hour), as the spec shows them; the database keeps real
// date and timestamptz columns. Schemas validate the wire format and keep it (a form that submits the parsed
// values sends what the API expects); the server converts with the helpers of domain/dates.ts.

/** A required dd.MM.yyyy date. */
export const dateField = z
  .string({ error: 'Required_Error' })
  .trim()
  .min(1, 'Required_Error')
  .refine((v) => displayDateToIso(v) !== null, 'Date_Format_Error');

/** An optional dd.MM.yyyy date: absent, null or '' is no date (null). */
export const optionalDateField = z
  .string({ error: 'Date_Format_Error' })
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || displayDateToIso(v) !== null, 'Date_Format_Error');

/** A required 24-hour time, HH:mm (HH:mm:ss accepted). */
export const timeField = z
  .string({ error: 'Required_Error' })
  .trim()
  .min(1, 'Required_Error')
  .refine((v) => normalizeTime(v) !== null, 'Time_Format_Error');

/** An optional 24-hour time: absent, null or '' is none (null). */
export const optionalTimeField = z
  .string({ error: 'Time_Format_Error' })
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || normalizeTime(v) !== null, 'Time_Format_Error');

/** An IANA time zone name, as the browser reports it (Intl.DateTimeFormat().resolvedOptions().timeZone). */
export const timeZoneField = z
  .string({ error: 'Time_Zone_Error' })
  .trim()
  .max(64, 'Time_Zone_Error')
  .refine(isValidTimeZone, 'Time_Zone_Error');
