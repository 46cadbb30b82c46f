/// <reference lib="webworker" />
// The portal's service worker (issue 48, docs/decisions/0022): the app's files precached, so a repeat visit
// loads none of them over the network and a new deploy cannot mix its chunks with the open page's; every page
// answered at once with the app's HTML of this build (the app shell, renewed in the background); the
// signed-in user's data (lib/offline/offlineReads.ts) answered by the network and kept for the day it is not
// there. Nothing else is touched: a request the worker has no route for goes to the network as if there were
// no worker.
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import {
  APP_SHELL_CACHE,
  APP_SHELL_URL,
  isOfflineRead,
  NOT_APP_PAGES,
  OFFLINE_COPY_HEADER,
  OFFLINE_DATA_CACHE,
  SAVED_AT_HEADER,
} from '../lib/offline/offlineReads.ts';
import { SKIP_WAITING } from '../lib/offline/workerMessages.ts';

declare const self: ServiceWorkerGlobalScope;

/** How long a page waits for the network while no app shell is kept (a weak network at the vet). */
const NAVIGATION_TIMEOUT_MS = 4000;
/** How long a read waits for the network before its kept answer is used. */
const READ_TIMEOUT_SECONDS = 6;

const manifest = self.__WB_MANIFEST;
const entries = manifest.map((entry) => (typeof entry === 'string' ? { url: entry, revision: null } : entry));

const precached = new Set(entries.map((entry) => entry.url));

// The app shell belongs to this worker's build: the HTML names this build's chunks, which only this worker's
// precache holds. A waiting new worker keeps its own beside it until it takes over.
const shellCache = `${APP_SHELL_CACHE}-${fingerprint(entries.map((entry) => `${entry.url}${entry.revision}`))}`;

function fingerprint(parts: string[]): string {
  let hash = 0;
  for (const char of parts.join('|')) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return (hash >>> 0).toString(36);
}

precacheAndRoute(manifest);
cleanupOutdatedCaches();

self.addEventListener('install', (event) => {
  event.waitUntil(keepShell());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(dropOtherShells());
});

// The first worker takes the page that registered it at once, so what that visit reads is kept already.
// A later worker waits until the user takes the update (the page's prompt), then the page reloads.
clientsClaim();

self.addEventListener('message', (event) => {
  if (event.data?.type === SKIP_WAITING) void self.skipWaiting();
});

/** Whether every chunk and stylesheet `html` names is in this build's precache (a page of this build). */
function namesOnlyThisBuild(html: string): boolean {
  const named = [...html.matchAll(/["'](\/assets\/[\w.-]+\.(?:js|css))["']/g)].map((match) => match[1] ?? '');
  return named.length > 0 && named.every((path) => precached.has(path.slice(1)));
}

/**
 * The app's HTML as the server makes it (public configuration inlined), kept as the app shell: when the
 * worker installs, and again after each page it answered, for the next. Asked for without cookies, so it is
 * the same for everyone and names no session's reads. A shell of another build (a deploy, before its worker
 * took over) is not kept: its chunks are not this worker's.
 */
async function keepShell(): Promise<void> {
  try {
    const response = await fetch(APP_SHELL_URL, { credentials: 'omit', cache: 'no-cache' });
    if (!response.ok || !namesOnlyThisBuild(await response.clone().text())) return;
    await (await caches.open(shellCache)).put(APP_SHELL_URL, response);
  } catch {
    // No network: the shell kept before stays; a worker installing without one answers pages from the network.
  }
}

async function dropOtherShells(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(APP_SHELL_CACHE) && name !== shellCache)
      .map((name) => caches.delete(name)),
  );
}

function timeout(ms: number): Promise<never> {
  return new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), ms));
}

registerRoute(
  new NavigationRoute(
    async ({ request, event }) => {
      // At once from the cache: a repeat visit waits for no network before the app starts.
      const shell = await (await caches.open(shellCache)).match(APP_SHELL_URL);
      if (shell) {
        (event as ExtendableEvent).waitUntil(keepShell());
        return shell;
      }
      try {
        return await Promise.race([fetch(request), timeout(NAVIGATION_TIMEOUT_MS)]);
      } catch {
        return Response.error();
      }
    },
    { denylist: NOT_APP_PAGES },
  ),
);

/** Copies an answer with a header more (an answer's own headers cannot be changed). */
async function withHeader(response: Response, name: string, value: string): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.set(name, value);
  return new Response(await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

const keptWithItsDate: WorkboxPlugin = {
  // Only a good answer is kept (a 401 or an error never replaces the last good one), marked with its time.
  cacheWillUpdate: async ({ response }) =>
    response.status === 200 ? withHeader(response, SAVED_AT_HEADER, new Date().toISOString()) : null,
  // Marked as the kept copy when the network gave none: the page says it shows saved data.
  cachedResponseWillBeUsed: async ({ cachedResponse }) =>
    cachedResponse ? withHeader(cachedResponse, OFFLINE_COPY_HEADER, '1') : null,
};

registerRoute(
  ({ url, request }) => request.method === 'GET' && isOfflineRead(url, self.location.origin),
  new NetworkFirst({
    cacheName: OFFLINE_DATA_CACHE,
    networkTimeoutSeconds: READ_TIMEOUT_SECONDS,
    plugins: [keptWithItsDate],
  }),
);
