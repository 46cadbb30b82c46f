// The app's start (issue 46), imported by main.tsx once the HTML's splash has been painted.
// Mantine's global styles; each component's own comes with it (build/mantineStyles.ts, issue 46).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
// The sign-up pages' parts (chunk ui-start, vite.config.ts), which the signed-in pages load too, in the order
// of Mantine's styles.css: a radio card is an UnstyledButton with a border, so that one comes first. (Not
// InlineInput, the labels' part: its rules must follow Input's, which the entry's chunk brings.)
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/RadioCard.layer.css';
import '@mantine/core/styles/RadioIndicator.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import { AUTH_PAGES, paths } from '@pet/shared/paths';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/App.tsx';
import { preloadRoute } from './app/preload.ts';
import { createQueryClient } from './app/queryClient.ts';
import { routes } from './app/routes.tsx';
import { buildBrand } from './config/brand.tsx';
import { publicConfigQuery } from './features/auth/api/authApi.ts';
import { setUnauthorizedHandler } from './lib/api/client.ts';
import { loadTexts } from './lib/i18n/bundles.ts';
import { createI18n } from './lib/i18n/index.ts';
import { initialLanguage, shareLanguageWithServer } from './lib/i18n/language.ts';
import { installGlobalErrorReporting } from './lib/log.ts';
import { forgetSession, myInfoQuery } from './lib/session/myInfo.ts';
import { hasSessionHint } from './lib/session/sessionHint.ts';
import { warmBrowserTimeZone } from './lib/timeZone.ts';
import { whenIdle } from './lib/whenIdle.ts';
import { configureZodForCsp } from './lib/zodSettings.ts';

// The app's code has been evaluated (after the splash's first paint: first-load.spec.ts; Lighthouse lists it).
performance.mark('app-start');
configureZodForCsp();

// Matched in a task of its own, after the module's evaluation (see start()); the HTML has named the known
// routes' chunks already.
const pageChunks = new Promise<void>((resolve) =>
  setTimeout(() => resolve(preloadRoute(routes, window.location.pathname)), 0),
);
const queryClient = createQueryClient();
// The session probe every page makes (RootLayout), asked for now: the first render waits for chunks and
// texts below, and the signed-in pages' own requests wait for this answer.
if (hasSessionHint()) void queryClient.prefetchQuery(myInfoQuery);
// The sign-in form's one request, likewise: asked for after the first render, it would end after the page
// shows, and the page would only be complete (Google's button) a round trip later.
else if (window.location.pathname === paths.signin) void queryClient.prefetchQuery(publicConfigQuery);
const language = initialLanguage();
shareLanguageWithServer(language);
// A page beyond sign-in needs the rest of the texts too: asked for now, beside the start part, and given to
// the first render with it. Were it to arrive later, the texts' gate (WithAllTexts) would draw a loader
// first and the whole page in a second, blocking render (an update outside a transition): 400 ms of a
// phone's main thread on the dashboard.
const texts = AUTH_PAGES.includes(window.location.pathname)
  ? loadTexts(language, 'start')
  : Promise.all([loadTexts(language, 'start'), loadTexts(language, 'rest')]).then(([first, rest]) => ({
      ...first,
      ...rest,
    }));
// The dashboard asks for what is due in the browser's zone as it draws: the zone is looked up while the
// network works. (Other pages need it only in a form, if at all.)
if (window.location.pathname === paths.dashboard) warmBrowserTimeZone();
// The first render waits for the texts and the opened page's chunks: a frame shown before its page would
// move its footer when the page arrives (a layout shift). Not a top-level await: a page chunk imports this
// module's chunk, and would wait for it to finish while it waits for the page.
async function start(): Promise<void> {
  const [bundle] = await Promise.all([texts, pageChunks]);
  const i18n = createI18n(buildBrand, language, { [language]: bundle });
  // Made here, not with the module: the module's evaluation is one task with every library's, which a
  // phone's main thread cannot break (issue 46), and the chunks it could overlap are preloaded by then.
  const router = createBrowserRouter(routes);

  // Spec 1 section 8: a 401 from any /v1 call ends the local session and goes to the start page.
  setUnauthorizedHandler(() => {
    forgetSession(queryClient);
    void router.navigate(paths.home, { replace: true });
  });

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const app = createRoot(root);
  startTransition(() => {
    app.render(
      <StrictMode>
        <App brand={buildBrand} i18n={i18n} queryClient={queryClient} router={router} />
      </StrictMode>,
    );
  });
}

/**
 * The service worker (issue 48), registered once the page has loaded and the browser is idle, so its
 * precaching never competes with the page's own requests. Built pages only: the development server serves
 * the sources.
 */
function registerServiceWorkerWhenIdle(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    whenIdle(() => {
      void import('./lib/offline/registerServiceWorker.ts').then(({ registerServiceWorker }) =>
        registerServiceWorker(),
      );
    });
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

installGlobalErrorReporting();
void start();
registerServiceWorkerWhenIdle();
