// The messages between the page and its service worker.

/** The page asks a waiting worker to take over (the user took the update). */
export const SKIP_WAITING = 'SKIP_WAITING';
