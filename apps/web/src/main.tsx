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

// Named by the HTML (build/bootHtml.ts), so this script loads nothing before the app starts (not Vite's import
// helper either); the development server serves the source.
const appStart =
  document.querySelector<HTMLLinkElement>('link[rel="modulepreload"][data-app-start]')?.href ??
  '/src/boot.tsx';

void splashPainted().then(() => import(/* @vite-ignore */ appStart));
