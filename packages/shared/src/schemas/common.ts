import { z } from 'zod';
import { EMAIL_MAX, LANGUAGES, NAME_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN } from '../constants.ts';

// Field rules shared by forms and requests. Messages are text keys of the `errors` namespace, so the form
// and the API's `fields` show the same translated text.

export const emailField = z
  .string({ error: 'Email_Error' })
  .trim()
  .min(1, 'Email_Error')
  .max(EMAIL_MAX, 'Email_Format_Error')
  .pipe(z.email({ error: 'Email_Format_Error' }));

export const passwordField = z
  .string({ error: 'Password_Error' })
  .min(1, 'Password_Error')
  .min(PASSWORD_MIN, 'Password_Length_Error')
  .max(PASSWORD_MAX, 'Max_Length_Error');

export const nameField = z
  .string({ error: 'Name_Error' })
  .trim()
  .min(1, 'Name_Error')
  .min(NAME_MIN, 'Name_Length_Error')
  .max(NAME_MAX, 'Name_Length_Error');

export const languageField = z.enum(LANGUAGES, { error: 'Language_Error' });

/** An optional free-text field: trimmed, empty becomes null. */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, 'Max_Length_Error')
    .nullish()
    .transform((v) => (v ? v : null));
}

/** An optional e-mail address (trimmed): checked only when given. */
export const optionalEmailField = z
  .string({ error: 'Email_Format_Error' })
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(z.email({ error: 'Email_Format_Error' }).max(EMAIL_MAX, 'Email_Format_Error').nullable());

/** ISO 3166-1 alpha-2, as the country lists send it (profile address, appointments, contacts). */
export const optionalCountryField = z
  .string({ error: 'Invalid_Value_Error' })
  .trim()
  .nullish()
  .transform((v) => (v ? v.toUpperCase() : null))
  .refine((v) => v === null || /^[A-Z]{2}$/.test(v), 'Invalid_Value_Error');

export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

export const messageSchema = z.object({ message: z.string() });

/** GPS tracker ids (tier-fritz): one per request; their format and registration are checked by the server. */
export const trackerIdsField = z
  .array(
    z
      .string({ error: 'Invalid_Tracker_Id_Text' })
      .trim()
      .min(1, 'GPS_Tracker_ID_Required')
      .max(64, 'Invalid_Tracker_Id_Text'),
    { error: 'Invalid_Tracker_Id_Text' },
  )
  .max(1, 'Invalid_Tracker_Id_Text');
