import type { PublicConfig, SignUpInput } from '@pet/shared';
import { apiFetch } from '../../../lib/api/client.ts';

// The calls of the sign-in, registration and password screens. better-auth answers under /api/auth, the
// product's own account logic under /v1/auth (docs/decisions/0002). None of them may trigger the global
// "401 -> sign out" handling: on these screens nobody is signed in yet.

const open = { ignoreUnauthorized: true } as const;

export function signInWithEmail(input: { email: string; password: string; rememberMe: boolean }) {
  return apiFetch('/api/auth/sign-in/email', { method: 'POST', body: input, ...open });
}

export function sendMagicLink(email: string, callbackURL: string) {
  return apiFetch('/api/auth/sign-in/magic-link', { method: 'POST', body: { email, callbackURL }, ...open });
}

export function startGoogleSignIn(callbackURL: string) {
  return apiFetch<{ url?: string }>('/api/auth/sign-in/social', {
    method: 'POST',
    body: { provider: 'google', callbackURL },
    ...open,
  });
}

export function verifyOneTimeToken(token: string) {
  return apiFetch('/api/auth/one-time-token/verify', { method: 'POST', body: { token }, ...open });
}

export function resendVerificationEmail(email: string, url: string) {
  return apiFetch('/v1/auth/verification/sendemail', { method: 'POST', body: { email, url }, ...open });
}

export function requestPasswordReset(email: string, url: string) {
  return apiFetch('/v1/auth/password/reset', { method: 'POST', body: { email, url }, ...open });
}

export function resetPassword(newPassword: string, token: string) {
  return apiFetch('/api/auth/reset-password', { method: 'POST', body: { newPassword, token }, ...open });
}

export function signUp(payload: SignUpInput) {
  return apiFetch('/v1/auth/signup', { method: 'POST', body: payload, ...open });
}

export interface VerifyCodeAnswer {
  isvalid: boolean;
  message: string;
}

export function verifyCode(body: { code: string; tracker_ids?: string[] }) {
  return apiFetch<VerifyCodeAnswer>('/v1/auth/verifycode', { method: 'POST', body, ...open });
}

/** GET /v1/config: whether Google sign-in is configured on this server. */
export function fetchPublicConfig() {
  return apiFetch<PublicConfig>('/v1/config', open);
}

/** An absolute address on this site, for links the server puts into e-mails or redirects to. */
export function siteUrl(path: string): string {
  return `${window.location.origin}${path}`;
}
