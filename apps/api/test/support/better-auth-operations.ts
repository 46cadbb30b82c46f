import type { Operation } from './fuzz-requests.ts';

// better-auth's routes that the web app calls (packages/shared/src/paths.ts, apiPaths), which the OpenAPI
// document hides (they are relayed as they are, auth.plugin.ts). The one list the fuzz suite adds to the
// document's operations; a new better-auth call of the web app belongs here.

const email = { type: 'string', maxLength: 254 };
const text = { type: 'string', maxLength: 200 };

export const BETTER_AUTH_OPERATIONS: Operation[] = [
  {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    parameters: [],
    body: {
      type: 'object',
      properties: { email, password: text, rememberMe: { type: 'boolean' }, callbackURL: text },
      required: ['email', 'password'],
    },
    signedIn: false,
  },
  {
    method: 'POST',
    path: '/api/auth/sign-in/magic-link',
    parameters: [],
    body: { type: 'object', properties: { email, callbackURL: text }, required: ['email'] },
    signedIn: false,
  },
  {
    method: 'POST',
    path: '/api/auth/sign-in/social',
    parameters: [],
    body: { type: 'object', properties: { provider: text, callbackURL: text }, required: ['provider'] },
    signedIn: false,
  },
  {
    method: 'POST',
    path: '/api/auth/one-time-token/verify',
    parameters: [],
    body: { type: 'object', properties: { token: text }, required: ['token'] },
    signedIn: false,
  },
  {
    method: 'POST',
    path: '/api/auth/request-password-reset',
    parameters: [],
    body: { type: 'object', properties: { email, redirectTo: text }, required: ['email'] },
    signedIn: false,
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    parameters: [{ in: 'query', name: 'token', schema: text }],
    body: { type: 'object', properties: { newPassword: text, token: text }, required: ['newPassword'] },
    signedIn: false,
  },
  {
    method: 'GET',
    path: '/api/auth/verify-email',
    parameters: [{ in: 'query', name: 'token', required: true, schema: text }],
    body: undefined,
    signedIn: false,
  },
  { method: 'GET', path: '/api/auth/get-session', parameters: [], body: undefined, signedIn: true },
  { method: 'POST', path: '/api/auth/sign-out', parameters: [], body: undefined, signedIn: true },
];
