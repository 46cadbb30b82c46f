import type { PublicConfig, SignUpInput, VerifyCodeInput, VerifyCodeResponse } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api/client.ts';
import { inlinePublicConfig } from '../../../lib/publicConfig.ts';

// The calls of the sign-in, registration and password screens. better-auth answers under /api/auth, the
// product's own account logic under /v1/auth (docs/decisions/0002). None of them may trigger the global
// "401 -> sign out" handling: on these screens nobody is signed in yet.

const open = { ignoreUnauthorized: true } as const;

export function signInWithEmail(input: { email: string; password: string; rememberMe: boolean }) {
  return apiFetch(apiPaths.signInEmail, { method: 'POST', body: input, ...open });
}

export function sendMagicLink(email: string, callbackURL: string) {
  return apiFetch(apiPaths.signInMagicLink, { method: 'POST', body: { email, callbackURL }, ...open });
}

export function startGoogleSignIn(callbackURL: string) {
  return apiFetch<{ url?: string }>(apiPaths.signInSocial, {
    method: 'POST',
    body: { provider: 'google', callbackURL },
    ...open,
  });
}

/** After sign-in, for a user without a product: "default" in the message means activate a product first. */
export function verifyEmailAfterSignIn() {
  return apiFetch<{ message: string }>(apiPaths.verifyEmail, { method: 'POST', body: {} });
}

export function verifyOneTimeToken(token: string) {
  return apiFetch(apiPaths.verifyOneTimeToken, { method: 'POST', body: { token }, ...open });
}

export function resendVerificationEmail(email: string, url: string) {
  return apiFetch(apiPaths.sendVerificationEmail, { method: 'POST', body: { email, url }, ...open });
}

export function requestPasswordReset(email: string, url: string) {
  return apiFetch(apiPaths.passwordReset, { method: 'POST', body: { email, url }, ...open });
}

export function resetPassword(newPassword: string, token: string) {
  return apiFetch(apiPaths.resetPassword, { method: 'POST', body: { newPassword, token }, ...open });
}

export function signUp(payload: SignUpInput) {
  return apiFetch(apiPaths.signUp, { method: 'POST', body: payload, ...open });
}

export function verifyCode(body: VerifyCodeInput) {
  return apiFetch<VerifyCodeResponse>(apiPaths.verifyCode, { method: 'POST', body, ...open });
}

/** GET /v1/config: whether Google sign-in is configured on this server. */
export function fetchPublicConfig() {
  return apiFetch<PublicConfig>(apiPaths.config, open);
}

/**
 * The sign-in form's question, and the test-payments ribbon's; from the page's HTML (lib/publicConfig.ts), else
 * asked before the first render when the app opens on that form.
 */
export const publicConfigQuery = queryOptions({
  queryKey: ['public-config'],
  queryFn: fetchPublicConfig,
  // The page's inlined copy: no request at all where the server put it into the HTML.
  initialData: inlinePublicConfig,
  staleTime: Infinity,
  retry: false,
});

/** An absolute address on this site, for links the server puts into e-mails or redirects to. */
export function siteUrl(path: string): string {
  return `${window.location.origin}${path}`;
}
