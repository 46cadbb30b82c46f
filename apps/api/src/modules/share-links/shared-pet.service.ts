import type { SharedPet } from '@pet/shared';
import { notFound } from '../../lib/errors.ts';
import { hashUrlSecret } from '../../lib/url-secret.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { sortForList, toContact } from '../contacts/contacts.mapper.ts';
import { listPetContacts } from '../contacts/contacts.repo.ts';
import { toDocument } from '../documents/documents.mapper.ts';
import { readPetDocuments } from '../documents/documents.repo.ts';
import { openStoredFile, type ServedFile } from '../files/files.service.ts';
import { sortNewestFirst, toMedicalRecord } from '../medical/medical.mapper.ts';
import { listPetMedicals } from '../medical/medical.repo.ts';
import { toPetProfile } from '../pets/pets.mapper.ts';
import { findPet } from '../pets/pets.repo.ts';
import { sharedFileUrl } from './share-links.mapper.ts';
import { findActiveShareLink, findSharedFile, useShareLink } from './share-links.repo.ts';

// The public side of a share link (no sign-in): the pet behind the secret, shaped by the owning modules'
// own mappers, every file pointed at the link's own address, and those files. Whatever is wrong with the
// secret (unknown, expired, revoked, malformed) answers the same 404 after the same work: the secret is
// hashed and looked up in one statement before anything else, so its shape decides nothing.

export type SharedPetDeps = Pick<AppContext, 'db' | 'storage' | 'publicUrl' | 'clock' | 'log'>;

export async function sharedPet(deps: SharedPetDeps, secret: string): Promise<SharedPet> {
  const link = await useShareLink(deps.db, hashUrlSecret(secret), deps.clock());
  if (!link) throw notFound();
  const { userId, petId } = link;
  // One after the other: a public route holds one pooled connection at a time, however many open links.
  const pet = await findPet(deps.db, userId, petId);
  const contacts = await listPetContacts(deps.db, petId);
  const medical = await listPetMedicals(deps.db, userId, petId);
  const documents = link.includeDocuments ? await readPetDocuments(deps.db, userId, petId) : undefined;
  // The link's pet was deleted between the statements (its links go with it).
  if (!pet) throw notFound();
  const urlOf = sharedFileUrl(deps.publicUrl, secret);
  return {
    pet: toPetProfile(pet, deps.publicUrl, urlOf),
    contacts: sortForList(contacts).map(toContact),
    // The owner's user id and the reminder's job id are nobody else's business.
    medical: sortNewestFirst(medical).map((row) => {
      const { job_id: _job, user_id: _user, ...record } = toMedicalRecord(row);
      return record;
    }),
    documents: link.includeDocuments
      ? (documents?.documents ?? []).map((row) => toDocument(deps.publicUrl, row, urlOf))
      : null,
    expires_at: link.expiresAt.toISOString(),
  };
}

/** One file the link shows (the pet's picture; its documents' files when included); anything else 404. */
export async function openSharedFile(
  deps: SharedPetDeps,
  secret: string,
  fileId: string,
): Promise<ServedFile> {
  const link = await findActiveShareLink(deps.db, hashUrlSecret(secret), deps.clock());
  if (!link) throw notFound();
  const row = await findSharedFile(deps.db, link, fileId);
  if (!row) throw notFound();
  return openStoredFile(deps, row);
}
