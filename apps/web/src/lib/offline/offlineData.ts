import { createStore } from '../session/store.ts';
import { OFFLINE_COPY_HEADER, OFFLINE_DATA_CACHE, SAVED_AT_HEADER } from './offlineReads.ts';

// The signed-in user's data as the service worker keeps it (issue 48): one cache, one owner. The page deletes
// it when the session ends (sign-out, a lost session, account deletion) and when the profile the server
// answers belongs to anyone but the cache's owner: a shared phone never shows the last user's pets. No
// IndexedDB is used, so the cache is the only copy.

/** The cache's entry that names whose data it holds. */
const OWNER_ENTRY = '/__offline-owner';

const cacheStorage = (): CacheStorage | undefined => (typeof caches === 'undefined' ? undefined : caches);

/** Deletes every kept answer. */
export async function wipeOfflineData(): Promise<void> {
  await cacheStorage()?.delete(OFFLINE_DATA_CACHE);
}

/**
 * Makes `userId` the cache's owner; whatever it held for anyone else, or for no one named (answers kept
 * before the owner was), is deleted first. Resolves true when kept answers were deleted: the page reads
 * again what it shows, so it is kept for its owner.
 */
export async function claimOfflineData(userId: string): Promise<boolean> {
  const storage = cacheStorage();
  if (!storage) return false;
  const existed = await storage.has(OFFLINE_DATA_CACHE);
  if (existed) {
    const owner = await (await storage.match(OWNER_ENTRY, { cacheName: OFFLINE_DATA_CACHE }))?.text();
    if (owner === userId) return false;
    await storage.delete(OFFLINE_DATA_CACHE);
  }
  await (await storage.open(OFFLINE_DATA_CACHE)).put(OWNER_ENTRY, new Response(userId));
  return existed;
}

/**
 * When the oldest kept answer the page is showing was saved (ISO 8601), or null while every answer is fresh:
 * the "offline" banner (OfflineBanner).
 */
export const offlineCopySavedAt = createStore<string | null>(null);

/**
 * No network: the browser says so, or the page shows kept data because the network gave none (a browser may
 * still call itself online: a weak network, a captive portal, a test's emulated offline).
 */
export function isOffline(): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  return offlineCopySavedAt.get() !== null;
}

/** Whether `response` is the worker's kept copy (the network gave none). */
export function isOfflineCopy(response: Response): boolean {
  return response.headers.get(OFFLINE_COPY_HEADER) !== null;
}

/** Notes what an answer of a read says about the data shown: kept (and since when), or fresh from the server. */
export function noteReadAnswer(response: Response): void {
  if (!isOfflineCopy(response)) {
    if (offlineCopySavedAt.get() !== null && navigator.onLine) offlineCopySavedAt.set(null);
    return;
  }
  const savedAt = response.headers.get(SAVED_AT_HEADER) ?? new Date(0).toISOString();
  const shown = offlineCopySavedAt.get();
  if (shown === null || savedAt < shown) offlineCopySavedAt.set(savedAt);
}
