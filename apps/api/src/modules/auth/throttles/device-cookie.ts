import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// OWASP's device cookie (issue 29, decision 0016): a successful sign-in leaves a signed cookie naming the
// account in that browser. Its holder signing in to that account again is known: exempt from the
// per-account throttle a stranger's guesses set off, and first in the hash pool. Its own wrong passwords
// count against the cookie (its nonce), not the account, so a stolen cookie guesses no faster than anyone.
//   <user id>.<nonce>.<HMAC(secret, "device:<user id>.<nonce>")>
// Only the sign-in call reads it (Path), only the server can (HttpOnly), and it names an id, not an address.

export const DEVICE_COOKIE = 'pet.device';
export const DEVICE_COOKIE_PATH = '/api/auth/sign-in';
/** How long a browser stays known without signing in again (each sign-in renews it). */
export const DEVICE_COOKIE_DAYS = 365;

export interface DeviceCookie {
  userId: string;
  nonce: string;
}

const signature = (secret: string, userId: string, nonce: string) =>
  createHmac('sha256', secret).update(`device:${userId}.${nonce}`).digest('base64url');

/** The Set-Cookie header of a new device cookie for the account. */
export function deviceCookieHeader(secret: string, userId: string, options: { secure: boolean }): string {
  const nonce = randomBytes(16).toString('base64url');
  const value = `${userId}.${nonce}.${signature(secret, userId, nonce)}`;
  return [
    `${DEVICE_COOKIE}=${value}`,
    `Path=${DEVICE_COOKIE_PATH}`,
    `Max-Age=${DEVICE_COOKIE_DAYS * 24 * 60 * 60}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/** The request's device cookie, if it carries one this server signed; null otherwise. */
export function readDeviceCookie(secret: string, cookieHeader: string | undefined): DeviceCookie | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== DEVICE_COOKIE) continue;
    const [userId, nonce, signed, extra] = rest.join('=').split('.');
    if (!userId || !nonce || !signed || extra !== undefined) return null;
    const expected = Buffer.from(signature(secret, userId, nonce));
    const given = Buffer.from(signed);
    return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, nonce } : null;
  }
  return null;
}

/** What the throttle counts a device cookie's own wrong passwords under. */
export const deviceThrottleKey = (device: DeviceCookie) => `device:${device.nonce}`;
