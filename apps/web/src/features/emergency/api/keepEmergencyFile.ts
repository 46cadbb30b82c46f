import type { EmergencyInfo, EmergencyLanguage } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { apiFetch, apiFetchBlob, apiUrl } from '../../../lib/api/client.ts';
import { OFFLINE_DATA_CACHE } from '../../../lib/offline/offlineReads.ts';

// The emergency file kept for a day without a network (issue 48): at the vet, abroad when the pet is lost.
// Read in the background through the service worker, which keeps it (lib/offline/offlineReads.ts), once per
// app start when no copy is kept, and again after the user changed data (the file is made from it). Loaded in
// idle time by the signed-in frame; not part of any page's first files.

/**
 * Reads the owner's emergency file in `language` so the worker keeps it: when no copy is kept, or `renew`
 * (data changed). Nothing without a worker in control (the read would not be kept), without a network, or
 * when the plan has no emergency file.
 */
export async function keepEmergencyFile(language: EmergencyLanguage, renew: boolean): Promise<void> {
  if (!navigator.serviceWorker?.controller || !navigator.onLine) return;
  const query = { language };
  if (!renew && (await caches.match(apiUrl(apiPaths.emergency, query), { cacheName: OFFLINE_DATA_CACHE }))) {
    return;
  }
  const info = await apiFetch<EmergencyInfo>(apiPaths.emergencyInfo);
  if (!info.may_download) return;
  await apiFetchBlob(apiPaths.emergency, { query });
}
