import { isoToDisplayDate, type Language } from '@pet/shared';
import { fillPlaceholders } from '../../lib/placeholders.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { myInfo } from '../account/account.service.ts';
import { listUserAppointments } from '../appointments/appointments.service.ts';
import { toOrder } from '../billing/orders/orders.mapper.ts';
import { listOwnOrders } from '../billing/orders/orders.repo.ts';
import { listContacts } from '../contacts/contacts.service.ts';
import { listDocuments } from '../documents/documents.service.ts';
import { checksOfPet } from '../doses/doses.repo.ts';
import { emergencyPasswordOf, listDownloads } from '../emergency/emergency.repo.ts';
import { safeSegment, uniqueName, type ZipEntry } from '../files/zip-stream.ts';
import {
  historyOfPet,
  invitationsOfPet,
  membershipsOf,
  membersWithPeople,
} from '../household/household.repo.ts';
import { listPetMedicalItems } from '../medical/medical.service.ts';
import { toPet } from '../pets/pets.mapper.ts';
import { listOwnPets } from '../pets/pets.repo.ts';
import { entitlementsOf } from '../plans/entitlements.service.ts';
import { doseTimesOf, optInsOf } from '../reminders/reminders.repo.ts';
import { listShareLinks } from '../share-links/share-links.service.ts';
import { type ExportFileRow, exportFiles } from './export.repo.ts';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };

// What the account's export holds (GDPR article 20): data.json with everything the user owns, shaped by the
// same services and mappers that shape the API's answers (so its field names are the API's), every picture
// and document file, and a README in the user's language. Only the owner's rows are read (every service
// below is scoped by the user id); no password hash, session or token is part of any of those answers.

export type ExportDeps = Pick<
  AppContext,
  'db' | 'brand' | 'publicUrl' | 'clock' | 'storage' | 'log' | 'jobs'
>;

const README: Record<Language, string> = { en: en.readme, de: de.readme };

/** Every order the account has (they are few; the API pages them). */
const ALL_ORDERS = { offset: 0, limit: 10_000 };
/** Every download of the emergency file the log holds (the page lists the latest 20). */
const ALL_DOWNLOADS = 100_000;

const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};
const pictureName = (contentType: string) => `picture.${IMAGE_EXTENSIONS[contentType] ?? 'bin'}`;

/** Where each file goes in the archive: profile/, pets/<name>/, pets/<name>/documents/<type>/<description>/. */
function filePaths(files: readonly ExportFileRow[]): Map<string, string> {
  const petFolders = new Map<string, string>();
  const takenPets = new Set<string>();
  const petFolder = (file: ExportFileRow) => {
    const petId = file.petId ?? '';
    let folder = petFolders.get(petId);
    if (!folder) {
      folder = `pets/${uniqueName(safeSegment(file.petName ?? '', 'pet'), takenPets, { isFile: false })}`;
      petFolders.set(petId, folder);
    }
    return folder;
  };
  const documentFolders = new Map<string, string>();
  const takenFolders = new Set<string>();
  const takenNames = new Map<string, Set<string>>();
  const paths = new Map<string, string>();
  for (const file of files) {
    if (file.kind === 'user-image') {
      paths.set(file.id, `profile/${pictureName(file.contentType)}`);
    } else if (file.kind === 'pet-image') {
      paths.set(file.id, `${petFolder(file)}/${pictureName(file.contentType)}`);
    } else {
      const documentId = file.documentId ?? '';
      let folder = documentFolders.get(documentId);
      if (!folder) {
        const type = safeSegment(file.documentType ?? '', 'Documents');
        const description = safeSegment(file.description ?? '', 'Document');
        folder = uniqueName(`${petFolder(file)}/documents/${type}/${description}`, takenFolders, {
          isFile: false,
        });
        documentFolders.set(documentId, folder);
        takenNames.set(folder, new Set());
      }
      const name = uniqueName(safeSegment(file.name ?? '', 'file'), takenNames.get(folder)!);
      paths.set(file.id, `${folder}/${name}`);
    }
  }
  return paths;
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

/**
 * An own pet's household: its members and invitations by id and role (who they are is their own data, not
 * the owner's to export) and its history, each actor as you, a member or a former member.
 */
async function petHousehold(deps: ExportDeps, userId: string, petId: string) {
  const members = await membersWithPeople(deps.db, petId);
  const invitations = await invitationsOfPet(deps.db, petId);
  const history = await historyOfPet(deps.db, petId);
  return {
    members: members.map((m) => ({
      id: m.id,
      role: m.role,
      until: iso(m.until),
      since: m.since.toISOString(),
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      role: i.role,
      until: iso(i.until),
      created_at: i.createdAt.toISOString(),
      expires_at: i.expiresAt.toISOString(),
      accepted_at: iso(i.acceptedAt),
      revoked_at: iso(i.revokedAt),
    })),
    history: history.map((h) => ({
      id: h.id,
      by: h.actorId === userId ? 'you' : h.actorId ? 'member' : 'former member',
      action: h.action,
      entity: h.entity,
      entity_id: h.entityId,
      at: h.at.toISOString(),
    })),
  };
}

/** An own pet's dose log (issue 49): each check-off, its giver as you, a member or a former member. */
async function petDoses(deps: ExportDeps, userId: string, petId: string) {
  return (await checksOfPet(deps.db, petId)).map((check) => ({
    id: check.id,
    medication_id: check.medicationId,
    date: isoToDisplayDate(check.day),
    slot: check.slot,
    given_by: check.givenBy === userId ? 'you' : check.givenBy ? 'member' : 'former member',
    given_at: check.givenAt.toISOString(),
  }));
}

/** data.json's content: the API's own answers, gathered. */
async function exportData(
  deps: ExportDeps,
  userId: string,
  files: readonly ExportFileRow[],
  paths: Map<string, string>,
) {
  const account = await myInfo(deps.db, deps.brand, userId);
  const { plan } = await entitlementsOf(deps.db, deps.brand, userId);
  const pets = [];
  for (const row of await listOwnPets(deps.db, userId)) {
    pets.push({
      ...toPet(row, deps.publicUrl),
      contacts: await listContacts(deps, userId, row.id),
      medical: await listPetMedicalItems(deps, userId, row.id),
      documents: (await listDocuments(deps, userId, row.id)).data,
      share_links: await listShareLinks(deps, userId, row.id),
      household: await petHousehold(deps, userId, row.id),
      doses: await petDoses(deps, userId, row.id),
      dose_reminder_times: (await doseTimesOf(deps.db, row.id)).map((time) => ({
        slot: time.slot,
        time: time.time.slice(0, 5),
        time_zone: time.timeZone,
      })),
    });
  }
  const memberships = (await membershipsOf(deps.db, userId)).map((row) => ({
    pet_id: row.petId,
    pet_name: row.petName,
    role: row.role,
    until: iso(row.until),
    since: row.since.toISOString(),
  }));
  const reminderOptIns = (await optInsOf(deps.db, userId)).map((row) => ({
    pet_id: row.petId,
    time_zone: row.timeZone,
    since: row.since.toISOString(),
  }));
  // Where the emergency password comes from and who downloaded the file, not the password: it opens the file.
  const password = await emergencyPasswordOf(deps.db, userId);
  const emergency = {
    password_source: password?.source ?? null,
    downloads: (await listDownloads(deps.db, userId, ALL_DOWNLOADS)).map((download) => ({
      at: download.at.toISOString(),
      language: download.language,
      client: download.client,
    })),
  };
  const appointments = await listUserAppointments(deps, userId);
  const orders = (await listOwnOrders(deps.db, userId, ALL_ORDERS)).rows.map(toOrder);
  return {
    exported_at: deps.clock().toISOString(),
    account,
    plan,
    pets,
    appointments,
    orders,
    emergency,
    household_memberships: memberships,
    reminder_opt_ins: reminderOptIns,
    files: files.map((file) => ({
      path: paths.get(file.id)!,
      kind: file.kind,
      pet_id: file.petId,
      doc_id: file.documentId,
      name: file.name,
      content_type: file.contentType,
      size: file.size,
    })),
  };
}

/** The archive's entries: data.json and README.txt first, then every file, opened only when written. */
export async function exportEntries(deps: ExportDeps, userId: string): Promise<ZipEntry[]> {
  const files = await exportFiles(deps.db, userId);
  const paths = filePaths(files);
  const data = await exportData(deps, userId, files, paths);
  const now = deps.clock();
  const readme = fillPlaceholders(README[data.account.language], {
    brand: deps.brand.displayName,
    date: now.toISOString().slice(0, 16).replace('T', ' '),
    email: data.account.email,
  });
  return [
    {
      path: 'data.json',
      mtime: now,
      contentType: 'application/json',
      bytes: Buffer.from(`${JSON.stringify(data, null, 2)}\n`),
    },
    // CRLF, so that every editor shows the lines.
    {
      path: 'README.txt',
      mtime: now,
      contentType: 'text/plain',
      bytes: Buffer.from(readme.replace(/\n/g, '\r\n')),
    },
    ...files.map((file) => ({
      path: paths.get(file.id)!,
      mtime: file.createdAt,
      contentType: file.contentType,
      storageKey: file.storageKey,
      fileId: file.id,
    })),
  ];
}
