import type { SignUpInput } from '@pet/shared';
import { mailLandings, paths } from '@pet/shared/paths';
import { useMutation } from '@tanstack/react-query';
import {
  requestPasswordReset,
  resendVerificationEmail,
  resetPassword,
  sendMagicLink,
  signInWithEmail,
  signUp,
  siteUrl,
  startGoogleSignIn,
  verifyCode,
  verifyOneTimeToken,
} from './authApi.ts';
import { useFinishSignIn } from './useFinishSignIn.ts';

// The writes of the sign-in, registration and password screens. Each hook owns its request and the address
// the server's mail or redirect leads back to; a failure is reported once, by the query client's
// MutationCache. Nothing is cached: the session is read again by the screen that finishes the sign-in.

export const authMutationKeys = {
  emailSignIn: ['auth', 'email-sign-in'],
  oneTimeToken: ['auth', 'one-time-token'],
  signUp: ['auth', 'sign-up'],
  magicLink: ['auth', 'magic-link'],
  google: ['auth', 'google'],
  verifyCode: ['auth', 'verify-code'],
  resendVerification: ['auth', 'resend-verification'],
  requestPasswordReset: ['auth', 'request-password-reset'],
  resetPassword: ['auth', 'reset-password'],
} as const;

/**
 * POST /api/auth/sign-in/email, then the profile check and the way on (useFinishSignIn): one step for the
 * form, so a refusal at either point reaches it as the same rejected promise.
 */
export function useEmailSignIn(continueUrl: string | null) {
  const finishSignIn = useFinishSignIn();
  return useMutation({
    mutationKey: authMutationKeys.emailSignIn,
    mutationFn: async (input: { email: string; password: string; rememberMe: boolean }) => {
      await signInWithEmail(input);
      await finishSignIn(continueUrl);
    },
  });
}

/** POST /api/auth/one-time-token/verify: the mobile app's hand-over token becomes this tab's session. */
export function useOneTimeTokenSignIn() {
  return useMutation({ mutationKey: authMutationKeys.oneTimeToken, mutationFn: verifyOneTimeToken });
}

/** POST /v1/auth/signup (spec 1 section 4): the verification mail follows from the server. */
export function useSignUp() {
  return useMutation({
    mutationKey: authMutationKeys.signUp,
    mutationFn: (payload: SignUpInput) => signUp(payload),
  });
}

/** POST /api/auth/sign-in/magic-link: the link leads to `continueTo` on this site. */
export function useSendMagicLink(continueTo: string) {
  return useMutation({
    mutationKey: authMutationKeys.magicLink,
    mutationFn: (email: string) => sendMagicLink(email, siteUrl(continueTo)),
  });
}

/** POST /api/auth/sign-in/social: answers Google's address, which the browser then opens. */
export function useGoogleSignIn(continueTo: string) {
  return useMutation({
    mutationKey: authMutationKeys.google,
    mutationFn: () => startGoogleSignIn(siteUrl(continueTo)),
    onSuccess: (answer) => {
      if (answer?.url) window.location.assign(answer.url);
    },
  });
}

/** POST /v1/auth/verifycode: whether an activation code (and tracker id) may be used at sign-up. */
export function useVerifyCode() {
  return useMutation({ mutationKey: authMutationKeys.verifyCode, mutationFn: verifyCode });
}

/** POST /v1/auth/verification/sendemail: the link lands on the sign-in page with "e-mail confirmed". */
export function useResendVerification() {
  return useMutation({
    mutationKey: authMutationKeys.resendVerification,
    mutationFn: (address: string) =>
      resendVerificationEmail(address, siteUrl(mailLandings.afterVerification)),
  });
}

/** POST /v1/auth/password/reset: the mail's link leads to the reset page. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationKey: authMutationKeys.requestPasswordReset,
    mutationFn: (email: string) => requestPasswordReset(email, siteUrl(paths.resetPassword)),
  });
}

/** POST /api/auth/reset-password with the token from the mail. */
export function useResetPassword(token: string) {
  return useMutation({
    mutationKey: authMutationKeys.resetPassword,
    mutationFn: (newPassword: string) => resetPassword(newPassword, token),
  });
}
