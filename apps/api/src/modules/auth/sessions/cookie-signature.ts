import { createHmac } from 'node:crypto';

/**
 * better-call's signature of a cookie value (better-auth's signed cookies are `<value>.<signature>`):
 * HMAC-SHA256 over the value with the auth secret, standard base64. The session check, the bearer-to-cookie
 * step and the test user factory sign and check with this one function.
 */
export function cookieSignature(value: string, secret: string): string {
  return createHmac('sha256', secret).update(value).digest('base64');
}

/** A cookie value as better-call signs it: `<value>.<signature>`. */
export function signedCookieValue(value: string, secret: string): string {
  return `${value}.${cookieSignature(value, secret)}`;
}
