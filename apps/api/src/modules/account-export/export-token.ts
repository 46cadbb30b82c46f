import { createHmac, timingSafeEqual } from 'node:crypto';
import { userFolder } from '../../storage/keys.ts';

// The link of a prepared export: `<export id>.<expiry, ms>.<signature>`, the signature an HMAC-SHA256 with
// the app's secret over the user id, the export id and the expiry. No table: the file's key is made of the
// user id and the export id, the expiry is in the token, and nothing but the secret's holder can make one.

const EXPORT_ID = /^[0-9a-f-]{36}$/;

const signature = (secret: string, userId: string, exportId: string, expires: number) =>
  createHmac('sha256', secret)
    .update(`account-export\n${userId}\n${exportId}\n${expires}`)
    .digest('base64url');

export function exportToken(secret: string, userId: string, exportId: string, expiresAt: Date): string {
  const expires = expiresAt.getTime();
  return `${exportId}.${expires}.${signature(secret, userId, exportId, expires)}`;
}

/** The export id of a token this user's export was given and that has not expired; else null. */
export function verifyExportToken(secret: string, userId: string, token: string, now: Date): string | null {
  const [exportId, expiresText, given, ...rest] = token.split('.');
  if (rest.length > 0 || !exportId || !EXPORT_ID.test(exportId) || !expiresText || !given) return null;
  if (!/^\d{1,15}$/.test(expiresText)) return null;
  const expires = Number(expiresText);
  const expected = Buffer.from(signature(secret, userId, exportId, expires));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return expires > now.getTime() ? exportId : null;
}

/**
 * Where a prepared export's ZIP is stored (both storage drivers): in the user's own folder, so the account's
 * erasure (which removes that folder) takes an export not yet expired with it.
 */
export const exportKey = (userId: string, exportId: string) => `${userFolder(userId)}exports/${exportId}.zip`;
