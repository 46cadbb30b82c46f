import { createHash, randomBytes } from 'node:crypto';

// Secrets that are themselves an address's credential (the calendar feed, share links): 256 random bits,
// URL-safe, shown once; the database keeps only their SHA-256, so a leaked table opens nothing. SHA-256
// without a salt is enough for 256 random bits, and lets the secret be found by its hash in one query.

/** A new secret: 32 random bytes as base64url (43 characters). */
export function newUrlSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a secret and looked up by: its SHA-256, hex. */
export function hashUrlSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
