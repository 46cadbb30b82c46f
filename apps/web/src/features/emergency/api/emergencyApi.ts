import { EMERGENCY_FILE_NAMES, type EmergencyLanguage } from '@pet/shared/domain/emergency';
import { apiPaths } from '@pet/shared/paths';
import {
  type EmergencyInfo,
  emergencyInfoSchema,
  emergencyPasswordResponseSchema,
} from '@pet/shared/schemas/emergency';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiFetchBlob } from '../../../lib/api/client.ts';
import { saveFile } from '../../../lib/saveFile.ts';

// The emergency file calls (spec 1 section 7, issue 12). The PDFs are read whole and saved by the page, so
// each download button can be busy while it runs and show a failure without leaving the page.

export const emergencyInfoQueryKey = ['emergency', 'info'] as const;

/** GET /v1/emergency/info: may the owner download, their emergency password, the public downloads. */
export const emergencyInfoQuery = queryOptions({
  queryKey: emergencyInfoQueryKey,
  queryFn: async ({ signal }): Promise<EmergencyInfo> =>
    emergencyInfoSchema.parse(await apiFetch(apiPaths.emergencyInfo, { signal })),
});

/** GET /v1/emergency?language=: the signed-in owner's file, saved as Emergency_File.pdf or Notfallakte.pdf. */
export async function downloadEmergencyFile(language: EmergencyLanguage): Promise<void> {
  const pdf = await apiFetchBlob(apiPaths.emergency, { query: { language } });
  saveFile(pdf, EMERGENCY_FILE_NAMES[language]);
}

/** A shared pet's file name: the pet's name in it, so the files of several pets stay apart. */
export function sharedEmergencyFileName(petName: string, language: EmergencyLanguage): string {
  const safe = petName.replace(/[^\p{L}\p{N}_-]+/gu, '_').replace(/^_+|_+$/g, '') || 'pet';
  return EMERGENCY_FILE_NAMES[language].replace(/\.pdf$/, `_${safe}.pdf`);
}

/**
 * GET /v1/emergency?language=&pet_id=: the emergency file of one pet shared with the user (issue 45; any
 * role may, the owner's plan decides).
 */
export async function downloadSharedEmergencyFile(
  pet: { id: string; name: string },
  language: EmergencyLanguage,
): Promise<void> {
  const pdf = await apiFetchBlob(apiPaths.emergency, { query: { language, pet_id: pet.id } });
  saveFile(pdf, sharedEmergencyFileName(pet.name, language));
}

/**
 * GET /v1/emergency/public?activation_code=&language=: a finder's download by the owner's emergency
 * password. A 401 here is a wrong password, not a lost session: no sign-out.
 */
export async function downloadPublicEmergencyFile(
  password: string,
  language: EmergencyLanguage,
): Promise<void> {
  const pdf = await apiFetchBlob(apiPaths.emergencyPublic, {
    query: { activation_code: password, language },
    ignoreUnauthorized: true,
  });
  saveFile(pdf, EMERGENCY_FILE_NAMES[language]);
}

/** POST /v1/emergency/password: a new personal emergency password; an earlier one stops working at once. */
export async function createEmergencyPassword(): Promise<string> {
  const answer = emergencyPasswordResponseSchema.parse(
    await apiFetch(apiPaths.emergencyPassword, { method: 'POST' }),
  );
  return answer.password;
}

/** The tag's file name: the pet's name in it, so tags of several pets stay apart in the downloads folder. */
export function tagFileName(petName: string, language: EmergencyLanguage): string {
  const safe = petName.replace(/[^\p{L}\p{N}_-]+/gu, '_').replace(/^_+|_+$/g, '') || 'pet';
  return `${language === 'de' ? 'Notfallanhaenger' : 'Emergency_Tag'}_${safe}.pdf`;
}

/** GET /v1/emergency/tag?pet_id=&language=: the pet's printable QR tag (PDF). */
export async function downloadEmergencyTag(
  pet: { id: string; name: string },
  language: EmergencyLanguage,
): Promise<void> {
  const pdf = await apiFetchBlob(apiPaths.emergencyTag, { query: { pet_id: pet.id, language } });
  saveFile(pdf, tagFileName(pet.name, language));
}
