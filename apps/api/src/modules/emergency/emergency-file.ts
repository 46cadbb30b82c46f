import type { EmergencyLanguage } from '@pet/shared';
import { and, eq } from 'drizzle-orm';
import { pets } from '../../db/schema/pets.ts';
import { BUSINESS_TIME_ZONE } from '../../lib/business-day.ts';
import { notFound } from '../../lib/errors.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { emergencyPasswordOf } from './emergency.repo.ts';
import { loadEmergencyData } from './emergency-data.ts';
import { renderEmergencyFile } from './emergency-pdf.ts';
import { renderEmergencyTag } from './emergency-tag.ts';
import { notfallUrl } from './notfall-url.ts';

// The one seam between the emergency routes and the PDF renderer: the routes call only these two functions.
// The file prints every pet of the owner (emergency-data.ts gathers it, emergency-pdf.ts draws it); the tag
// (emergency-tag.ts) leads to /notfall with the owner's emergency password filled in.

/** The file's time (`clock`), the QR codes' address (`publicUrl`), the pets' pictures (`storage`). */
export type EmergencyFileDeps = Pick<AppContext, 'db' | 'brand' | 'clock' | 'publicUrl' | 'storage'>;

/** The zone the file's time is printed in and "the last two years" are counted in: the business's. */
const FILE_TIME_ZONE = BUSINESS_TIME_ZONE;

/** The owner's emergency file: every pet of the user, or the one `petId`, in `language`. */
export async function emergencyFilePdf(
  deps: EmergencyFileDeps,
  userId: string,
  language: EmergencyLanguage,
  petId?: string,
): Promise<Buffer> {
  const now = deps.clock();
  const data = await loadEmergencyData(deps.db, deps.storage, userId, {
    now,
    timeZone: FILE_TIME_ZONE,
    ...(petId === undefined ? {} : { petId }),
  });
  if (!data) throw notFound();
  return renderEmergencyFile(data, {
    language,
    brand: deps.brand,
    generatedAt: now,
    timeZone: FILE_TIME_ZONE,
    notfallUrl: notfallUrl(deps.publicUrl),
  });
}

/** The printable tag of one of the user's pets (404 for any other), leading to `/notfall?code=<password>`. */
export async function emergencyTagPdf(
  deps: EmergencyFileDeps,
  userId: string,
  petId: string,
  language: EmergencyLanguage,
): Promise<Buffer> {
  const [pet] = await deps.db
    .select({ name: pets.name })
    .from(pets)
    .where(and(eq(pets.id, petId), eq(pets.userId, userId)));
  if (!pet) throw notFound();
  const password = await emergencyPasswordOf(deps.db, userId);
  if (!password) throw notFound('Emergency_Password_Required_Text');
  return renderEmergencyTag({
    petNames: [pet.name],
    password: password.password,
    brand: deps.brand,
    publicUrl: deps.publicUrl,
    language,
    generatedAt: deps.clock(),
  });
}
