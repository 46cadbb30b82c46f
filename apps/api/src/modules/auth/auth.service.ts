import { type BrandConfig, brandConfig, type Language } from '@pet/shared';
import { isAPIError } from 'better-auth/api';
import type { Env } from '../../config/env.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Auth } from '../../lib/auth.ts';
import { authLinks } from '../../lib/auth-links.ts';
import { AppError } from '../../lib/errors.ts';
import { emailTaken, userExists as userRowExists } from './auth.repo.ts';
import {
  type ActivationCode,
  findCode,
  findCodeForUpdate,
  normalizeTracker,
  redeemCode,
  trackerInUse,
} from './codes.repo.ts';

// Account rules of the spec (document 1, sections 4, 7, 8): sign-up with brand rules and activation codes,
// code checks, e-mail verification and password reset mails. better-auth owns passwords and tokens; this
// service decides who may ask for what.

export interface AuthDeps {
  env: Env;
  db: Db;
  auth: Auth;
}

const TRACKER_FORMAT = /^[A-Z0-9-]{4,64}$/;

const codeInvalid = () => new AppError(470, 'CODE_INVALID', 'Wrong_Code_Text');
const codeRedeemed = () => new AppError(433, 'CODE_REDEEMED', 'Code_Already_Redeemed');
const userExists = () => new AppError(409, 'USER_EXISTS', 'User_Already_Exists');

/** tier-fritz: a 400 that marks the code field and the tracker field together (spec section 8). */
function trackerRejected(codeField: string, trackerKey: string) {
  return new AppError(400, 'TRACKER_INVALID', 'Invalid_Tracker_Id_Text', {
    [codeField]: 'Invalid_Code_Text',
    tracker_ids: trackerKey,
  });
}

/** The tracker id a tier-fritz request must carry, checked for form; null on other brands. */
function requiredTracker(brand: BrandConfig, trackerIds: string[] | undefined, codeField: string) {
  if (!brand.requiresTracker) return null;
  const given = trackerIds?.[0];
  if (!given) throw trackerRejected(codeField, 'GPS_Tracker_ID_Required');
  const tracker = normalizeTracker(given);
  if (!TRACKER_FORMAT.test(tracker)) throw trackerRejected(codeField, 'Invalid_Tracker_Id_Text');
  return tracker;
}

/** 470 unknown, 433 redeemed; on tier-fritz the tracker must be the code's own, or free. */
async function checkCode(
  db: DbOrTx,
  code: ActivationCode | undefined,
  tracker: string | null,
  codeField: string,
): Promise<ActivationCode> {
  if (!code) throw codeInvalid();
  if (code.redeemedAt) throw codeRedeemed();
  if (tracker !== null) {
    if (code.trackerId && code.trackerId !== tracker) {
      throw trackerRejected(codeField, 'Invalid_Tracker_Id_Text');
    }
    if (!code.trackerId && (await trackerInUse(db, tracker, code.id))) {
      throw new AppError(409, 'TRACKER_REGISTERED', 'GPS_Tracker_Already_Exist');
    }
  }
  return code;
}

export async function verifyCode(
  deps: AuthDeps,
  input: { code: string; tracker_ids?: string[] | undefined },
) {
  const tracker = requiredTracker(brandConfig(deps.env.BRAND), input.tracker_ids, 'code');
  await checkCode(deps.db, await findCode(deps.db, input.code), tracker, 'code');
  return { isvalid: true, message: 'valid' };
}

export interface SignUpData {
  name: string;
  email: string;
  password: string;
  activation_code: string | null;
  language: Language;
  tracker_ids?: string[] | undefined;
}

/**
 * Creates the account through better-auth (its hash, its verification mail) and redeems the activation
 * code in the same transaction: either both happen or neither.
 */
export async function signUp(deps: AuthDeps, input: SignUpData): Promise<{ id: string; email: string }> {
  const brand = brandConfig(deps.env.BRAND);
  if (brand.signupClosed) throw new AppError(403, 'SIGNUP_CLOSED', 'PrimePet_Merging_Services');
  const email = input.email.toLowerCase();
  const tracker = requiredTracker(brand, input.tracker_ids, 'activation_code');
  if (brand.requiresTracker && !input.activation_code) {
    throw new AppError(400, 'VALIDATION_ERROR', 'Bad_Request_Text', {
      activation_code: 'Activation_Code_Text_Required',
    });
  }

  return inTransaction(deps.db, async (tx) => {
    if (await emailTaken(tx, email)) throw userExists();
    const code = input.activation_code
      ? await checkCode(tx, await findCodeForUpdate(tx, input.activation_code), tracker, 'activation_code')
      : null;

    let userId: string;
    try {
      const created = await deps.auth.api.signUpEmail({
        body: {
          name: input.name,
          email,
          password: input.password,
          language: input.language,
          callbackURL: authLinks(deps.env.PUBLIC_URL).afterVerification,
        },
      });
      userId = created.user.id;
    } catch (error) {
      // A concurrent sign-up with the same address won the unique index.
      if (isAPIError(error) && error.statusCode === 422) throw userExists();
      throw error;
    }
    // better-auth answers a duplicate address with a made-up user (its own anti-enumeration); we already
    // checked, so a missing row means another sign-up took the address in the meantime.
    if (!(await userRowExists(tx, userId))) throw userExists();
    if (code && !(await redeemCode(tx, code.id, userId, tracker))) throw codeRedeemed();
    return { id: userId, email };
  });
}

/** `default` tells the web to hold the user on activate-product (hunde-schutz without a product). */
export async function verifyEmail(deps: AuthDeps): Promise<{ message: string }> {
  // Products arrive with the plans issue; until then no user has one.
  const hasProduct = false;
  const hold = brandConfig(deps.env.BRAND).holdWithoutProduct && !hasProduct;
  return { message: hold ? 'default' : 'verified' };
}

/** Sends a new verification mail when the address belongs to an unverified account; silent otherwise. */
export async function resendVerification(deps: AuthDeps, email: string): Promise<void> {
  await deps.auth.api.sendVerificationEmail({
    body: { email: email.toLowerCase(), callbackURL: authLinks(deps.env.PUBLIC_URL).afterVerification },
  });
}

/** Sends a reset mail when the address has an account; the answer is the same either way. */
export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<void> {
  const normalized = email.toLowerCase();
  await deps.auth.api.requestPasswordReset({
    body: { email: normalized, redirectTo: authLinks(deps.env.PUBLIC_URL).resetPage(normalized) },
  });
}
