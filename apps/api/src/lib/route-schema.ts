import { errorBodySchema } from '@pet/shared';
import { z } from 'zod';
import { MULTIPART } from './openapi.ts';

// What the route schemas of every module share: the OpenAPI security requirement, the tags, the error
// answers and the id in a query. A new module takes its pieces from here.

/** OpenAPI: either credential is accepted (the session cookie or `Authorization: Bearer <session token>`). */
export const SESSION_SECURITY: ReadonlyArray<Record<string, string[]>> = [{ cookie: [] }, { bearer: [] }];

/** One OpenAPI tag per module. */
export const TAGS = {
  account: ['account'],
  appointments: ['appointments'],
  auth: ['auth'],
  calendar: ['calendar'],
  contacts: ['contacts'],
  documents: ['documents'],
  doses: ['doses'],
  reminders: ['reminders'],
  emergency: ['emergency'],
  files: ['files'],
  household: ['household'],
  legal: ['legal'],
  log: ['log'],
  medical: ['medical'],
  pets: ['pets'],
  shareLinks: ['share-links'],
  subscription: ['subscription'],
} as const;

/** The `{ code, message, fields? }` answer (plugins/errors.ts) for each of `statuses`, for a route's `response`. */
export function errorResponses<const S extends readonly number[]>(
  ...statuses: S
): { [K in S[number]]: typeof errorBodySchema } {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as {
    [K in S[number]]: typeof errorBodySchema;
  };
}

/**
 * What a signed-in call about the user's own things may answer besides its success: 400 invalid input,
 * 401 no session, 403 not allowed (unverified address, plan limit), 404 not the user's (or missing).
 */
export const SIGNED_IN_ERRORS = errorResponses(400, 401, 403, 404);

/** An id in the query (pet, appointment, ...): anything that is not the user's answers 404. */
export const queryId = z
  .string({ error: 'Required_Error' })
  .trim()
  .min(1, 'Required_Error')
  .max(64, 'Invalid_Value_Error');

/**
 * A PDF answer (sent with `content-type: application/pdf`): documented as application/pdf with a binary body
 * (lib/openapi.ts reads the media type at the start of the description), not as JSON.
 */
export function pdfResponse(note: string) {
  return z.any().describe(`application/pdf (${note})`);
}

/** The `consumes` of a route that reads a multipart/form-data upload; the document gets its file body. */
export const MULTIPART_UPLOAD: string[] = [MULTIPART];
