import {
  EMERGENCY_MAIL_INTERVAL_MINUTES,
  type EmergencyInfo,
  type EmergencyLanguage,
  PERSONAL_EMERGENCY_CODE_LENGTH,
} from '@pet/shared';
import { paths } from '@pet/shared/paths';
import { inTransaction } from '../../db/transaction.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { mailLanguage } from '../../mail/i18n.ts';
import { emergencyOpenedMail } from '../../mail/templates/emergency-opened.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { assertPetAccess } from '../household/pet-access.ts';
import { generateCode } from '../plans/codes.generate.ts';
import { normalizeCode } from '../plans/codes.repo.ts';
import { assertMayDownloadEmergencyFile, entitlementsOf, may } from '../plans/entitlements.service.ts';
import {
  codeTaken,
  emergencyPasswordOf,
  findPasswordOwner,
  insertDownload,
  lastMailedAt,
  listDownloads,
  lockOwner,
  ownerContact,
  putPersonalCode,
} from './emergency.repo.ts';
import { emergencyFilePdf, emergencyTagPdf } from './emergency-file.ts';

// The emergency file's rules (issue 12). The plan decides (mayDownloadEmergencyFile: the emergency_file
// flag, and on animal-care never a sequence-0 product), the same for the owner's own download, the tag and
// the public download by the owner's password. The password is the owner's newest redeemed activation code
// (of a batch not revoked), else the personal code made here; an owner holding a redeemed code has no
// personal one to make (DESIGN.md: the redeemed code is the password).

export type EmergencyDeps = Pick<AppContext, 'db' | 'brand' | 'clock' | 'publicUrl' | 'storage'>;

export type PublicEmergencyDeps = EmergencyDeps &
  Pick<AppContext, 'mailer'> & {
    /** The owner's mail goes out after the answer: a slow or failing SMTP server never holds up the finder. */
    tasks: BackgroundTasks;
  };

/** The public refusal for any password that opens nothing, whatever the reason. */
const invalidPassword = () => notFound('Emergency_Password_Invalid_Text');
const DOWNLOADS_LISTED = 20;
/** Collisions in 31^12 codes are practically impossible; a few tries only cover the theory. */
const CODE_TRIES = 5;

/**
 * GET /v1/emergency: the signed-in owner's file; with `petId`, that one pet's, also for the members of its
 * household (any role reads it), by the owner's plan (403 LIMIT_REACHED with the plan's text key).
 */
export async function ownEmergencyFile(
  deps: EmergencyDeps,
  userId: string,
  language: EmergencyLanguage,
  petId?: string,
): Promise<Buffer> {
  if (petId === undefined) {
    await assertMayDownloadEmergencyFile(deps.db, deps.brand, userId);
    return emergencyFilePdf(deps, userId, language);
  }
  const { ownerId } = await assertPetAccess(deps.db, userId, petId, 'read', deps.clock());
  await assertMayDownloadEmergencyFile(deps.db, deps.brand, ownerId);
  return emergencyFilePdf(deps, ownerId, language, petId);
}

/** GET /v1/emergency/info */
export async function emergencyInfo(deps: EmergencyDeps, userId: string): Promise<EmergencyInfo> {
  const decision = may.downloadEmergencyFile(await entitlementsOf(deps.db, deps.brand, userId));
  const password = await emergencyPasswordOf(deps.db, userId);
  const downloads = await listDownloads(deps.db, userId, DOWNLOADS_LISTED);
  return {
    may_download: decision.allowed,
    message: decision.allowed ? null : decision.messageKey,
    password: password?.password ?? null,
    password_source: password?.source ?? null,
    may_create_password: decision.allowed && password?.source !== 'activation_code',
    downloads: downloads.map((row) => ({
      at: row.at.toISOString(),
      language: row.language as EmergencyLanguage,
      client: row.client,
    })),
  };
}

/**
 * POST /v1/emergency/password: makes or replaces the personal password in one statement, so the old one
 * stops opening the file the moment the new one exists. 403 without the emergency file in the plan; 409
 * when a redeemed activation code is the password.
 */
export async function createPersonalPassword(deps: EmergencyDeps, userId: string): Promise<string> {
  return inTransaction(deps.db, async (tx) => {
    await assertMayDownloadEmergencyFile(tx, deps.brand, userId);
    if ((await emergencyPasswordOf(tx, userId))?.source === 'activation_code') {
      throw conflict('Code_Already_Redeemed');
    }
    for (let attempt = 0; attempt < CODE_TRIES; attempt++) {
      const code = generateCode(PERSONAL_EMERGENCY_CODE_LENGTH);
      if (await codeTaken(tx, code)) continue;
      await putPersonalCode(tx, userId, code, deps.clock());
      return code;
    }
    throw new Error('no free personal emergency code');
  });
}

/**
 * GET /v1/emergency/tag: the printable tag of one of the owner's pets. Another user's pet answers 404 like
 * a missing one; then the plan (403); an owner without a password gets 404 Emergency_Password_Required_Text
 * (a tag must lead to the form with a password that opens the file).
 */
export async function emergencyTag(
  deps: EmergencyDeps,
  userId: string,
  petId: string,
  language: EmergencyLanguage,
): Promise<Buffer> {
  // The tag prints the owner's password, which opens every pet's file of the owner: the owner's alone.
  await assertPetAccess(deps.db, userId, petId, 'manage', deps.clock());
  await assertMayDownloadEmergencyFile(deps.db, deps.brand, userId);
  if (!(await emergencyPasswordOf(deps.db, userId))) throw notFound('Emergency_Password_Required_Text');
  return emergencyTagPdf(deps, userId, petId, language);
}

/**
 * GET /v1/emergency/public: the file of the password's owner. Unknown, revoked and replaced passwords all
 * end at the one look-up (404 Emergency_Password_Invalid_Text); an owner whose plan lacks the file: 403
 * Emergency_Not_Supported_Text. Each download is logged, and the owner is mailed unless a mail went out
 * within the interval.
 */
export async function publicEmergencyFile(
  deps: PublicEmergencyDeps,
  password: string,
  language: EmergencyLanguage,
  client: string | null,
): Promise<Buffer> {
  const ownerId = await findPasswordOwner(deps.db, normalizeCode(password));
  if (!ownerId) throw invalidPassword();
  const decision = may.downloadEmergencyFile(await entitlementsOf(deps.db, deps.brand, ownerId));
  if (!decision.allowed) throw forbidden('Emergency_Not_Supported_Text');
  const pdf = await emergencyFilePdf(deps, ownerId, language);
  const mail = await recordPublicDownload(deps, ownerId, language, client);
  if (mail) deps.tasks.run('emergency opened mail', () => mailOwner(deps, ownerId, language, client));
  return pdf;
}

/**
 * Logs the download; whether the owner is to be mailed. The owner's row is locked first, so of two
 * downloads at once the second sees the first one's mailed_at and stays quiet.
 */
export async function recordPublicDownload(
  deps: EmergencyDeps,
  userId: string,
  language: EmergencyLanguage,
  client: string | null,
): Promise<boolean> {
  const at = deps.clock();
  return inTransaction(deps.db, async (tx) => {
    if (!(await lockOwner(tx, userId))) return false;
    const last = await lastMailedAt(tx, userId);
    const mail = !last || at.getTime() - last.getTime() >= EMERGENCY_MAIL_INTERVAL_MINUTES * 60_000;
    await insertDownload(tx, { userId, at, language, client, mailedAt: mail ? at : null });
    return mail;
  });
}

async function mailOwner(
  deps: PublicEmergencyDeps,
  userId: string,
  fileLanguage: EmergencyLanguage,
  client: string | null,
): Promise<void> {
  const owner = await ownerContact(deps.db, userId);
  if (!owner) return;
  await deps.mailer.send(
    emergencyOpenedMail({
      to: owner.email,
      name: owner.name,
      language: mailLanguage(owner.language),
      brand: deps.brand.displayName,
      fileLanguage,
      client,
      url: `${deps.publicUrl}${paths.emergencyData}`,
    }),
  );
}
