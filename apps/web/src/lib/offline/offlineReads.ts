import { apiPaths } from '@pet/shared/paths';

// What the service worker keeps for reading without a network (issue 48): the signed-in user's profile, pets,
// appointments, medical data, doses, contacts and emergency file, each the last answer the network gave. Named one by
// one: a read that is not listed here (documents and their files, share links, orders, exports, calendar
// feeds, anything public) is never kept. Shared by the worker (src/serviceWorker/sw.ts) and the page.

/** The one cache that holds a user's data; the page deletes it at sign-out and for another user. */
export const OFFLINE_DATA_CACHE = 'pet-offline-data-v1';

/** The app's HTML the worker answers every page with (the app shell), at once and without a network. */
export const APP_SHELL_CACHE = 'pet-app-shell-v1';

/** A path the server answers with the app's HTML like any page's, and that no page of the app has. */
export const APP_SHELL_URL = '/app-shell';

/** Set by the worker on an answer it kept: when it was saved (ISO 8601). */
export const SAVED_AT_HEADER = 'x-offline-saved-at';

/** Set by the worker on an answer taken from its cache because the network gave none. */
export const OFFLINE_COPY_HEADER = 'x-offline-copy';

/** The reads kept, by exact path: each answers for the signed-in user only (the query is the rest of its key). */
const KEPT_READS: ReadonlySet<string> = new Set([
  apiPaths.myInfo,
  apiPaths.config,
  apiPaths.pet,
  apiPaths.myAppointments,
  apiPaths.petAppointments,
  apiPaths.petContacts,
  apiPaths.petMedicals,
  apiPaths.medicalDueSoon,
  apiPaths.emergency,
  apiPaths.emergencyInfo,
  apiPaths.household,
  apiPaths.doses,
  apiPaths.dosesToday,
  apiPaths.reminders,
]);

/** Whether a GET of `url` is kept for offline reading (same origin only). */
export function isOfflineRead(url: URL, origin: string): boolean {
  return url.origin === origin && KEPT_READS.has(url.pathname);
}

/** The API's paths and the server's own pages: a navigation there is never answered with the app. */
export const NOT_APP_PAGES = [/^\/v1\//, /^\/api\//, /^\/docs(\/|$)/, /^\/(healthz|livez|readyz|metrics)$/];
