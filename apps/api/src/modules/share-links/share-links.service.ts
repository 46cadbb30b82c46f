import { randomUUID } from 'node:crypto';
import type { CreatedShareLink, createShareLinkSchema, ShareLink } from '@pet/shared';
import type { z } from 'zod';
import { DAY_MS } from '../../lib/dates.ts';
import { notFound } from '../../lib/errors.ts';
import { hashUrlSecret, newUrlSecret } from '../../lib/url-secret.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { assertOwnPet } from '../pets/pet-ownership.ts';
import { sharePageUrl, toShareLink } from './share-links.mapper.ts';
import { insertShareLink, listPetShareLinks, revokeShareLink } from './share-links.repo.ts';

// The owner's side of share links (issue 12): a read-only link to one pet for a vet or a sitter, valid for
// 1 to 30 days, listed with its expiry and last use, revocable. The secret is in the link only (shown once,
// when it is made); the table keeps its SHA-256.

/** The app's clock: expiry and "active" are read against it. */
export type ShareLinksDeps = Pick<AppContext, 'db' | 'publicUrl' | 'clock'>;

export type CreateShareLinkBody = z.output<typeof createShareLinkSchema>;

export async function createShareLink(
  deps: ShareLinksDeps,
  userId: string,
  petId: string,
  body: CreateShareLinkBody,
): Promise<CreatedShareLink> {
  await assertOwnPet(deps.db, userId, petId);
  const now = deps.clock();
  const secret = newUrlSecret();
  const row = await insertShareLink(deps.db, {
    id: randomUUID(),
    userId,
    petId,
    secretHash: hashUrlSecret(secret),
    includeDocuments: body.include_documents,
    createdAt: now,
    expiresAt: new Date(now.getTime() + body.days * DAY_MS),
  });
  return { ...toShareLink(row, now), url: sharePageUrl(deps.publicUrl, secret) };
}

/** The pet's links, newest first; someone else's pet answers 404 like a missing one. */
export async function listShareLinks(
  deps: ShareLinksDeps,
  userId: string,
  petId: string,
): Promise<ShareLink[]> {
  const rows = await listPetShareLinks(deps.db, userId, petId);
  if (!rows) throw notFound();
  const now = deps.clock();
  return rows.map((row) => toShareLink(row, now));
}

/** Ends the link at once: its address answers like an unknown one from now on. */
export async function removeShareLink(deps: ShareLinksDeps, userId: string, id: string): Promise<void> {
  if (!(await revokeShareLink(deps.db, userId, id, deps.clock()))) throw notFound();
}
