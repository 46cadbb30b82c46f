import { createStore } from '../session/store.ts';
import { SKIP_WAITING } from './workerMessages.ts';

// The page's side of the service worker (issue 48, docs/decisions/0022). Registered once the page has drawn
// and the browser is idle (boot.tsx), on every page, the sign-in page included, so the first visit precaches
// the app for the next. A new deploy's worker installs in the background and waits: the page offers the
// update (UpdatePrompt) and only the user's yes lets it take over, after which every open tab reloads, so no
// page runs old chunks beside a worker that has dropped them.

/** Whether a worker controls the page (known once the page registered it): what the page reads is kept. */
export const workerInControl = createStore(false);

/** Takes the waiting new version (the prompt's button), or null while there is none. */
export const updateWaiting = createStore<(() => void) | null>(null);

/** How often an open tab asks whether a new version was deployed (besides each time it is shown again). */
const UPDATE_CHECK_MS = 30 * 60_000;

function offer(worker: ServiceWorker): void {
  updateWaiting.set(() => worker.postMessage({ type: SKIP_WAITING }));
}

/**
 * Registers /sw.js. What the first page read before the very first worker took it went past the worker and
 * is kept from the next read on: not read again at once, which cost a first visit a re-render of the whole
 * page in its first seconds (Lighthouse's cold run: a 200 ms task, three more requests).
 */
export async function registerServiceWorker(): Promise<void> {
  const container = navigator.serviceWorker;
  let controlled = Boolean(container.controller);
  workerInControl.set(controlled);
  container.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      workerInControl.set(true);
      return;
    }
    // A new version took over (here or in another tab): this page's chunks are not the worker's any more.
    window.location.reload();
  });

  // Undefined where the browser refuses workers without saying so (a test browser that blocks them).
  const registration: ServiceWorkerRegistration | undefined = await container.register('/sw.js', {
    scope: '/',
  });
  if (!registration) return;
  // A worker that installed while no tab took it (the page was closed before the prompt was answered).
  if (registration.waiting && container.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && container.controller) offer(installing);
    });
  });

  const checkForUpdate = () => void registration.update().catch(() => undefined);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkForUpdate();
  });
  setInterval(checkForUpdate, UPDATE_CHECK_MS);
}
