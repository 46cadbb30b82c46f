import { z } from 'zod';
import {
  EMERGENCY_LANGUAGES,
  PUBLIC_EMERGENCY_DEFAULT_LANGUAGE,
  SHARE_LINK_DAYS,
} from '../domain/emergency.ts';
import { contactSchema } from './contacts.ts';
import { documentSchema } from './documents.ts';
import { medicalRecordSchema } from './medical.ts';
import { petProfileSchema } from './pets.ts';

// The emergency file (spec 1 sections 2, 3, 4, 7; spec 2 sections 2 "Public", 5, 7 "Account", 8; issue 12):
// the signed-in download on /emergency-data, the public one on /notfall by the owner's emergency password,
// the owner's password (a redeemed activation code, or a personal one made on the page), the log of public
// downloads, the printable QR tag, and read-only share links of one pet.

const language = z.enum(EMERGENCY_LANGUAGES, { error: 'Language_Error' });

/** GET /v1/emergency?language= (signed in): the owner's emergency file. */
export const emergencyDownloadQuerySchema = z.object({
  language,
  /** One pet's file: the owner's, or a household member's of the pet shared with them (issue 45). */
  pet_id: z.string().trim().min(1, 'Required_Error').max(64, 'Invalid_Value_Error').optional(),
});

/** The public form, and GET /v1/emergency/public?activation_code=&language= (spec 2 section 5: trimmed). */
export const publicEmergencyQuerySchema = z.object({
  activation_code: z
    .string({ error: 'Emergency_Password_Required_Text' })
    .trim()
    .min(1, 'Emergency_Password_Required_Text')
    .max(64, 'Emergency_Password_Invalid_Text'),
  language: language.default(PUBLIC_EMERGENCY_DEFAULT_LANGUAGE),
});
export type PublicEmergencyQuery = z.input<typeof publicEmergencyQuerySchema>;

/** One public download, as the owner's page lists it. */
export const emergencyDownloadSchema = z.object({
  /** ISO 8601 instant. */
  at: z.string(),
  language: z.enum(EMERGENCY_LANGUAGES),
  /** Browser and system family ("Firefox on Android"), or null. */
  client: z.string().nullable(),
});
export type EmergencyDownload = z.infer<typeof emergencyDownloadSchema>;

/**
 * GET /v1/emergency/info: what /emergency-data shows. `password` is the redeemed activation code or the
 * personal password (null when there is none); `may_download` follows the plan (mayDownloadEmergencyFile)
 * and, when refused, `message` is the text key to show (Paid_Service_Text or Download_Not_Allowed_Text).
 */
export const emergencyInfoSchema = z.object({
  may_download: z.boolean(),
  message: z.string().nullable(),
  password: z.string().nullable(),
  password_source: z.enum(['activation_code', 'personal']).nullable(),
  /** A personal password can be made (or replaced) when the plan has the emergency file. */
  may_create_password: z.boolean(),
  /** Newest first, at most the last 20. */
  downloads: z.array(emergencyDownloadSchema),
});
export type EmergencyInfo = z.infer<typeof emergencyInfoSchema>;

/** POST /v1/emergency/password: makes (or replaces) the personal password; the old one ends at once. */
export const emergencyPasswordResponseSchema = z.object({ password: z.string() });

/** GET /v1/emergency/tag?pet_id=&language=: the printable QR tag of a pet (PDF). */
export const emergencyTagQuerySchema = z.object({
  pet_id: z
    .string({ error: 'Required_Error' })
    .trim()
    .min(1, 'Required_Error')
    .max(64, 'Invalid_Value_Error'),
  language,
});

/** POST /v1/share-link?pet_id= */
export const createShareLinkSchema = z.object({
  days: z
    .number({ error: 'Invalid_Value_Error' })
    .int('Invalid_Value_Error')
    .min(SHARE_LINK_DAYS.min, 'Invalid_Value_Error')
    .max(SHARE_LINK_DAYS.max, 'Invalid_Value_Error'),
  include_documents: z.boolean({ error: 'Invalid_Value_Error' }).default(false),
});
export type CreateShareLinkInput = z.input<typeof createShareLinkSchema>;

/** A share link as its owner sees it (GET /v1/share-link/mylinks?pet_id=). */
export const shareLinkSchema = z.object({
  id: z.string(),
  pet_id: z.string(),
  include_documents: z.boolean(),
  /** ISO 8601 instants. */
  created_at: z.string(),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Active: neither expired nor revoked. */
  active: z.boolean(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** The answer of POST /v1/share-link: the link with its secret, shown this once. */
export const createdShareLinkSchema = shareLinkSchema.extend({ url: z.string() });
export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>;

/** A share link's secret: 128 bits or more, base64url (43 characters for 32 bytes). */
export const shareSecretSchema = z
  .string({ error: 'Invalid_Value_Error' })
  .regex(/^[A-Za-z0-9_-]{22,128}$/, 'Invalid_Value_Error');

/** A medical record as a share link shows it: without the owner's user id and the reminder's job id. */
export const sharedMedicalRecordSchema = medicalRecordSchema.omit({ job_id: true, user_id: true });
export type SharedMedicalRecord = z.infer<typeof sharedMedicalRecordSchema>;

/**
 * GET /v1/shared/{secret}: what a share link shows, without sign-in: the pet's profile, contacts and medical
 * data, and its documents when the link includes them (else null). Every file URL in it (the picture, the
 * documents' files) is one of the link's own (GET /v1/shared/{secret}/files/{file id}), valid as long as
 * the link is.
 */
export const sharedPetSchema = z.object({
  pet: petProfileSchema,
  contacts: z.array(contactSchema),
  medical: z.array(sharedMedicalRecordSchema),
  documents: z.array(documentSchema).nullable(),
  /** ISO 8601 instant the link ends. */
  expires_at: z.string(),
});
export type SharedPet = z.infer<typeof sharedPetSchema>;
