import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether a request's token is the configured one, in time that does not depend on where they differ:
 * both are hashed first, so the comparison always runs over 32 bytes, whatever the lengths.
 */
export function seedTokenMatches(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
