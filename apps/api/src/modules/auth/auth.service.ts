import type { Language } from '@pet/shared';
import { paths } from '@pet/shared/paths';
import { isAPIError } from 'better-auth/api';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, signupClosed, userExists } from '../../lib/errors.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { invitationStillOpen, isMember } from '../household/household.service.ts';
import {
  checkSignUp,
  requiredTracker,
  startMembership,
  verifyCode as verifyActivationCode,
} from '../plans/activation.service.ts';
import { currentPlan } from '../plans/membership.service.ts';
import { emailTaken, userExists as userRowExists } from './auth.repo.ts';
import { authLinks } from './mails/links.ts';
import { COMMON_PASSWORD_ERROR, isCommonPassword } from './passwords/common-passwords.ts';

// Account rules of the spec (document 1, sections 4, 7, 8): sign-up with brand rules and activation codes,
// code checks, e-mail verification and password reset mails. better-auth owns passwords and tokens; this
// service decides who may ask for what. Codes, trackers and plans are the plans module's (modules/plans).

export type AuthDeps = Pick<AppContext, 'db' | 'brand' | 'publicUrl' | 'auth' | 'jobs' | 'clock'>;

/** 470 unknown, 478 batch gone, 433 redeemed, 476 outside its window, 471 product not attached; trackers. */
export async function verifyCode(
  deps: AuthDeps,
  input: { code: string; tracker_ids?: string[] | undefined },
) {
  return verifyActivationCode(deps, input);
}

export interface SignUpData {
  name: string;
  email: string;
  password: string;
  activation_code: string | null;
  language: Language;
  tracker_ids?: string[] | undefined;
  household_token?: string | undefined;
}

/**
 * Creates the account through better-auth (its hash, its verification mail), redeems the activation code,
 * puts the user on its plan (or the brand's default plan) and registers the GPS tracker, in one
 * transaction: either all of it happens or none.
 */
export async function signUp(deps: AuthDeps, input: SignUpData): Promise<{ id: string; email: string }> {
  const { brand } = deps;
  if (brand.signupClosed) throw signupClosed();
  const email = input.email.toLowerCase();
  if (isCommonPassword(input.password)) {
    throw badRequest({ password: COMMON_PASSWORD_ERROR });
  }
  // Invited to a household: no code or tracker is asked (the person joins someone else's pet first).
  const invited = input.household_token !== undefined;
  if (invited && !(await invitationStillOpen(deps, input.household_token!))) {
    throw badRequest({ household_token: 'Household_Invitation_Invalid_Text' });
  }
  const tracker =
    invited && !input.tracker_ids?.length
      ? null
      : requiredTracker(brand, input.tracker_ids, 'activation_code');
  if (brand.requiresTracker && !input.activation_code && !invited) {
    throw badRequest({ activation_code: 'Activation_Code_Text_Required' });
  }
  const links = authLinks(deps.publicUrl);
  const afterVerification = invited
    ? `${links.afterVerification}&continueUrl=${encodeURIComponent(
        `${paths.householdAccept}?token=${encodeURIComponent(input.household_token!)}`,
      )}`
    : links.afterVerification;

  return inTransaction(deps.db, async (tx) => {
    if (await emailTaken(tx, email)) throw userExists();
    // Code and tracker rows stay locked until this commits: concurrent sign-ups with either queue here.
    const code = await checkSignUp(tx, deps, { code: input.activation_code, tracker });

    let userId: string;
    try {
      const created = await deps.auth.api.signUpEmail({
        body: {
          name: input.name,
          email,
          password: input.password,
          language: input.language,
          callbackURL: afterVerification,
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
    // The code's plan (or the default plan) and the tracker, in the transaction that made the account.
    await startMembership(tx, deps, userId, { code, tracker });
    return { id: userId, email };
  });
}

/** `default` tells the web to hold the user on activate-product (hunde-schutz without an associated product). */
export async function verifyEmail(deps: AuthDeps, userId: string): Promise<{ message: string }> {
  const { brand } = deps;
  const plan = await currentPlan(deps.db, brand, userId);
  // A member of a household uses the owner's pet and plan: not held on activation (issue 45).
  const hold =
    brand.holdWithoutProduct && !plan.productAssociated && !(await isMember(deps.db, userId, deps.clock()));
  return { message: hold ? 'default' : 'verified' };
}

/** Sends a new verification mail when the address belongs to an unverified account; silent otherwise. */
export async function resendVerification(deps: AuthDeps, email: string): Promise<void> {
  await deps.auth.api.sendVerificationEmail({
    body: { email: email.toLowerCase(), callbackURL: authLinks(deps.publicUrl).afterVerification },
  });
}

/** Sends a reset mail when the address has an account; the answer is the same either way. */
export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<void> {
  const normalized = email.toLowerCase();
  await deps.auth.api.requestPasswordReset({
    body: { email: normalized, redirectTo: authLinks(deps.publicUrl).resetPage(normalized) },
  });
}
