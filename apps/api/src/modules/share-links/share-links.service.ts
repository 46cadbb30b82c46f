import { randomUUID } from 'node:crypto';
import type { CreatedShareLink, createShareLinkSchema, ShareLink } from '@pet/shared';
import type { z } from 'zod';
import { shareLinks } from '../../db/schema/emergency.ts';
import { inTransaction } from '../../db/transaction.ts';
import { DAY_MS } from '../../lib/dates.ts';
import { notFound } from '../../lib/errors.ts';
import { hashUrlSecret, newUrlSecret } from '../../lib/url-secret.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { recordHistory } from '../household/household.repo.ts';
import { assertPetAccess, assertRecordAccess, assertRoleAllows } from '../household/pet-access.ts';
import { sharePageUrl, toShareLink } from './share-links.mapper.ts';
import { insertShareLink, readPetShareLinks, revokeShareLink } from './share-links.repo.ts';

// The owner's side of share links (issue 12): a read-only link to one pet for a vet or a sitter, valid for
// 1 to 30 days, listed with its expiry and last use, revocable. The secret is in the link only (shown once,
// when it is made); the table keeps its SHA-256. Links open the pet to people outside the household, so
// they are the owner's alone (household/pet-access.ts 'manage': a member gets 403, anyone else 404); making
// and revoking one is in the pet's history.

/** The app's clock: expiry and "active" are read against it. */
export type ShareLinksDeps = Pick<AppContext, 'db' | 'publicUrl' | 'clock'>;

export type CreateShareLinkBody = z.output<typeof createShareLinkSchema>;

export async function createShareLink(
  deps: ShareLinksDeps,
  userId: string,
  petId: string,
  body: CreateShareLinkBody,
): Promise<CreatedShareLink> {
  const now = deps.clock();
  const secret = newUrlSecret();
  const row = await inTransaction(deps.db, async (tx) => {
    await assertPetAccess(tx, userId, petId, 'manage', now, { lock: true });
    const made = await insertShareLink(tx, {
      id: randomUUID(),
      userId,
      petId,
      secretHash: hashUrlSecret(secret),
      includeDocuments: body.include_documents,
      createdAt: now,
      expiresAt: new Date(now.getTime() + body.days * DAY_MS),
    });
    await recordHistory(tx, {
      petId,
      actorId: userId,
      action: 'created',
      entity: 'share_link',
      entityId: made.id,
      at: now,
    });
    return made;
  });
  return { ...toShareLink(row, now), url: sharePageUrl(deps.publicUrl, secret) };
}

/** The pet's links, newest first, for its owner. */
export async function listShareLinks(
  deps: ShareLinksDeps,
  userId: string,
  petId: string,
): Promise<ShareLink[]> {
  const now = deps.clock();
  const read = await readPetShareLinks(deps.db, userId, petId, now);
  assertRoleAllows(read?.role, 'manage');
  return read!.links.map((row) => toShareLink(row, now));
}

/** Ends the link at once: its address answers like an unknown one from now on. */
export async function removeShareLink(deps: ShareLinksDeps, userId: string, id: string): Promise<void> {
  const now = deps.clock();
  await inTransaction(deps.db, async (tx) => {
    const { petId } = await assertRecordAccess(tx, userId, shareLinks, id, 'manage', now);
    if (!(await revokeShareLink(tx, petId, id, now))) throw notFound();
    await recordHistory(tx, {
      petId,
      actorId: userId,
      action: 'deleted',
      entity: 'share_link',
      entityId: id,
      at: now,
    });
  });
}
