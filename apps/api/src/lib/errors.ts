import type { ApiErrorCode } from '@pet/shared';

/**
 * The one error type of the API. `message` is a text key of the shared catalogue where one exists, so the
 * web app can show it in the user's language; `fields` maps request fields to text keys.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: Record<string, string> | undefined;
  /** Headers the answer carries (Retry-After of a limit or a busy part). */
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    fields?: Record<string, string>,
    headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.headers = headers;
  }
}

/** The text key of a refusal because the password hash pool is full (modules/auth/passwords/hash-pool.ts). */
export const BUSY_MESSAGE = 'Server_Busy_Text';
/** How long a client told the server is busy waits before trying again. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

const retryAfter = (seconds: number | undefined) =>
  seconds === undefined ? undefined : { 'retry-after': String(Math.max(1, Math.ceil(seconds))) };

// The factories: every error the API answers is made here, so its status and code are written once. A
// module names its own situations with them (`const noPaidSubscription = () => conflict('...')`); no other
// file calls `new AppError(` (errors.unit.test.ts). A situation with a code of its own gets a factory below.

// The general ones.
export const badRequest = (fields: Record<string, string>, message = 'Bad_Request_Text') =>
  new AppError(400, 'VALIDATION_ERROR', message, fields);
export const unauthorized = (message = 'Unauthorized') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'Forbidden_Text') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not_Found_Text') => new AppError(404, 'NOT_FOUND', message);
/** 429 RATE_LIMITED: too many of one thing; with the seconds to wait, as Retry-After. */
export const rateLimited = (retryAfterSeconds?: number) =>
  new AppError(429, 'RATE_LIMITED', 'Too_Many_Requests_Text', undefined, retryAfter(retryAfterSeconds));
/** 403 FORBIDDEN_FOR_ROLE: a household member may reach the pet, but the role does not allow this (issue 45). */
export const forbiddenForRole = () => new AppError(403, 'FORBIDDEN_FOR_ROLE', 'Forbidden_For_Role_Text');
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
/** 409: the dose was checked off already; `fields` name who gave it and when (issue 49). */
export const doseAlreadyGiven = (givenBy: string | null, givenAt: Date) =>
  new AppError(409, 'DOSE_ALREADY_GIVEN', 'Dose_Already_Given_Text', {
    given_by: givenBy ?? '',
    given_at: givenAt.toISOString(),
  });
/** 403: a check-off is undone only by the person who made it. */
export const doseUndoNotYours = () => new AppError(403, 'DOSE_UNDO_NOT_YOURS', 'Dose_Undo_Not_Yours_Text');
/** 409: the check-off is older than its undo window. */
export const doseUndoExpired = () => new AppError(409, 'DOSE_UNDO_EXPIRED', 'Dose_Undo_Expired_Text');
/** 403 LIMIT_REACHED: the plan does not allow it (modules/plans/entitlements.service.ts). */
export const limitReached = (message: string) => new AppError(403, 'LIMIT_REACHED', message);
export const payloadTooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'File_Too_Large_Error_Text');
export const unsupportedMediaType = () =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported_File_Type_Text');
/**
 * A service the answer depends on failed: 503, or 502 when it is the payment provider refusing a change; with
 * the seconds after which it is worth trying again, as Retry-After.
 */
export const serviceUnavailable = (
  message = 'Server_Down_Text',
  status: 502 | 503 = 503,
  retryAfterSeconds?: number,
) => new AppError(status, 'SERVICE_UNAVAILABLE', message, undefined, retryAfter(retryAfterSeconds));
/** 503: the password hash pool is full; the client comes back shortly. */
export const busy = () => serviceUnavailable(BUSY_MESSAGE, 503, BUSY_RETRY_AFTER_SECONDS);
/** 500: a fault of ours; the cause is logged, never answered. */
export const internalError = () => new AppError(500, 'INTERNAL_ERROR', 'Failure_Call_Text');
/**
 * Fastify's or Node's own refusal of a request (malformed JSON or URL, a wrong content type): named by its
 * status, never its internals (a 400 says nothing more than Bad_Request_Text).
 */
export function frameworkRefusal(status: number, message: string): AppError {
  const code =
    status === 401
      ? 'UNAUTHORIZED'
      : status === 403
        ? 'FORBIDDEN'
        : status === 404
          ? 'NOT_FOUND'
          : 'VALIDATION_ERROR';
  return new AppError(status, code, status === 400 ? 'Bad_Request_Text' : message, {});
}
/**
 * An error made in the API's shape by a part that cannot throw an AppError (better-auth's APIError, which
 * the hash pool throws inside it): answered as it was made.
 */
export const relayedError = (
  status: number,
  code: ApiErrorCode,
  message: string,
  fields?: Record<string, string>,
  headers?: Record<string, string>,
) => new AppError(status, code, message, fields, headers);

// Accounts (modules/auth).
export const accessRevoked = () => new AppError(401, 'ACCESS_REVOKED', 'Access_Revoked_Text');
export const emailNotVerified = () =>
  new AppError(403, 'EMAIL_NOT_VERIFIED', 'Email_Verification_Failed_Text');
export const signupClosed = () => new AppError(403, 'SIGNUP_CLOSED', 'PrimePet_Merging_Services');
export const userExists = () => new AppError(409, 'USER_EXISTS', 'User_Already_Exists');

// Activation codes and GPS trackers (modules/plans/activation.service.ts), with the spec's own statuses.
export const codeInvalid = () => new AppError(470, 'CODE_INVALID', 'Wrong_Code_Text');
export const codeRedeemed = (status: 433 | 477) =>
  new AppError(status, 'CODE_REDEEMED', 'Code_Already_Redeemed');
export const batchMissing = () => new AppError(478, 'BATCH_NOT_FOUND', 'Batch_Code_Does_Not_Exist_Text');
export const productNotAttached = () =>
  new AppError(471, 'PRODUCT_NOT_ATTACHED', 'Product_Not_Attached_Text');
// 476 travels with the old server's messages; the web maps them (textKeyFor476) to the text and mail link.
export const codeExpired = () => new AppError(476, 'CODE_EXPIRED', 'Code Expired');
export const codeNotYetValid = () => new AppError(476, 'CODE_NOT_YET_VALID', 'Validity not started yet');
export const trackerTaken = () => new AppError(409, 'TRACKER_REGISTERED', 'GPS_Tracker_Already_Exist');
/** A 400 that marks the code field and the tracker field together (spec document 1 section 8). */
export const trackerRejected = (codeField: string, trackerKey: string) =>
  new AppError(400, 'TRACKER_INVALID', 'Invalid_Tracker_Id_Text', {
    [codeField]: 'Invalid_Code_Text',
    tracker_ids: trackerKey,
  });

// Buying a plan (modules/billing, modules/coupons).
export const orderPending = () => new AppError(434, 'ORDER_PENDING', 'Order_Already_Placed_Message');
export const amountTooSmall = () => new AppError(480, 'AMOUNT_TOO_SMALL', 'Amount_Less_Error');
/** 476 with the spec's server message (COUPON_MESSAGES), which the web maps to its text. */
export const couponRefused = (message: string) => new AppError(476, 'COUPON_INVALID', message);
/** The payment webhook's Stripe-Signature does not verify. */
export const signatureInvalid = () =>
  new AppError(400, 'SIGNATURE_INVALID', 'Bad_Request_Text', { 'stripe-signature': 'Invalid_Value_Error' });
