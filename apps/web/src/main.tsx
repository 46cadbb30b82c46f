// The page's first script (issue 46): it only waits until the HTML's splash (the brand's logo on a signed-in
// page, web-index.ts) is on the screen, then starts the app (boot.tsx), whose evaluation is one long task. The
// HTML preloads the app's chunks, so they were often there before the splash's first frame, the app's code
// ran first, and the first paint waited for all of it: Lighthouse's first contentful paint flipped between
// about 1 s and 3 s on the same page.

/** The longest the app waits for the splash (a logo that does not load, a tab hidden meanwhile). */
const SPLASH_WAIT_MS = 500;

/** Resolves once the splash has been painted; at once when there is none or no frame will come (hidden tab). */
function splashPainted(): Promise<void> {
  const splash = document.getElementById('root')?.firstElementChild;
  if (!splash || document.visibilityState !== 'visible') return Promise.resolve();
  return new Promise((resolve) => {
    // A frame's callbacks run just before it is painted; a task they queue runs after.
    const afterNextFrame = () => requestAnimationFrame(() => setTimeout(resolve, 0));
    // The logo is the splash's content (the HTML preloads it): the frame that shows it, not an empty one.
    const logo = splash.querySelector('img');
    if (logo) void logo.decode().then(afterNextFrame, afterNextFrame);
    else afterNextFrame();
    setTimeout(resolve, SPLASH_WAIT_MS);
  });
}

/** A task of its own for what follows: the browser may paint and handle input in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The app's chunks, each after its imports, the app's start (boot.tsx) last, as the HTML names them
 * (build/bootHtml.ts): so this script loads nothing before the app starts, not even Vite's import helper. The
 * development server serves the source.
 */
function appChunks(): string[] {
  const named = document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"][data-app-start]');
  return named.length > 0 ? [...named].map((link) => link.href) : ['/src/boot.tsx'];
}

/**
 * Runs the app's chunks one per task: a module graph runs in one task, and all of the app's (React, the
 * component library, the app's frame) took 120-170 ms of a phone's main thread (4x CPU) at once.
 */
async function startApp(): Promise<void> {
  for (const href of appChunks()) {
    await import(/* @vite-ignore */ href);
    await nextTask();
  }
}

void splashPainted().then(startApp);
