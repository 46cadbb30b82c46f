import { fileURLToPath } from 'node:url';
import { brandConfig, isBrandId } from '@pet/shared/brands';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { bootHtmlPlugin, FIRST_SCRIPT } from './build/bootHtml.ts';
import { budgetPlugin } from './build/budget.ts';
import { FORM_PARTS, frameUiGroup } from './build/frameUiGroup.ts';
import { iconsNamedIn } from './build/iconsNamedIn.ts';
import { mantineStylesPlugin } from './build/mantineStyles.ts';
import { mantineUseIdPlugin } from './build/mantineUseId.ts';
import { precompress } from './build/precompress.ts';
import { preloadsPlugin } from './build/preloads.ts';
import { ROUTE_MODULES } from './build/routes.ts';
import { webManifestPlugin } from './build/webManifest.ts';

// One build per brand (docs/decisions/0001): BRAND picks the variant at build time and the output folder, so
// the server can serve dist/<BRAND>/ and no brand carries another brand's texts or logo.
const brandId = process.env.BRAND ?? 'petention';
if (!isBrandId(brandId)) {
  throw new Error(
    `BRAND must be one of petention, hunde-schutz, tier-fritz, primepet, animal-care (got "${brandId}")`,
  );
}
const brand = brandConfig(brandId);

// Vite exposes VITE_* variables of process.env to the code and to %VITE_*% placeholders in index.html.
process.env.VITE_BRAND = brand.id;
process.env.VITE_BRAND_NAME = brand.displayName;

const apiPort = Number(process.env.PORT ?? 3000);
const apiTarget = `http://127.0.0.1:${apiPort}`;
const proxy = Object.fromEntries(
  ['/v1', '/api', '/docs', '/healthz'].map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }]),
);

const KIB = 1024;
// The app's start: an entry of its own, which the page's first script (src/main.tsx) imports after the first
// paint; index.html names its chunks (build/bootHtml.ts).
const BOOT_MODULE = 'src/boot.tsx';
const root = fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '');

// Code only some pages use: never part of the first page a visitor opens (issue 16).
const PAGE_ONLY_CODE = [
  /node_modules\/react-easy-crop\//,
  /node_modules\/@mantine\/dropzone\//,
  /node_modules\/react-markdown\//,
  /node_modules\/@stripe\//,
  /node_modules\/zod\//,
  /node_modules\/@mantine\/dates\/esm\/components\/(?!DatesProvider)/,
];

// The pages that only show data load no input parts of the component libraries (build/frameUiGroup.ts).
const DISPLAY_PAGE_FORBIDDEN = [...PAGE_ONLY_CODE, FORM_PARTS, /node_modules\/react-number-format\//];

// The parts the signed-out pages beyond sign-in (registration, password reset, e-mail confirmation) take from
// the component libraries: Mantine's radio buttons and visually hidden text, and the icons those pages name.
// Their own small chunk, so those pages do not load all of `ui` (issue 16; the /register budget below). The
// icons are read from the sources, so a new one there needs no edit here.
const START_ICONS = iconsNamedIn(`${root}/src/features/auth`).join('|');
const START_UI = new RegExp(
  String.raw`node_modules/(@mantine/core/esm/components/(Radio|VisuallyHidden)/|@tabler/icons-react/dist/esm/icons/(${START_ICONS})\.mjs)`,
);

// The component libraries the signed-in pages take parts of.
const UI_LIBRARIES =
  /node_modules[\\/](@mantine[\\/](core|hooks|modals|notifications)|@tabler|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|react-number-format|react-textarea-autosize|tslib|get-nonce|clsx|detect-node-es)[\\/]/;
// Of those, the parts the signed-in frame and many pages use: the shared `ui` chunk (build/frameUiGroup.ts).
// Named by at least 3 of the 41 pages (components and icons alike). Measured 2026-12-07: 2 costs about 1.5 KiB
// more per page for no file fewer; 5 or 10 save up to 10 KiB but cut more one-component files (a request
// each, and a stylesheet beside it); icons only by page save under 1 KiB for 2 or 3 more files per page.
const uiGroupName = frameUiGroup({ root, minPages: 3 });

export default defineConfig({
  plugins: [
    react(),
    mantineUseIdPlugin(),
    // The stylesheets of ui-start's components (START_UI) and of the parts they build on come with boot.tsx's
    // global ones, in Mantine's order.
    mantineStylesPlugin({
      global: ['UnstyledButton', 'VisuallyHidden', 'RadioCard', 'RadioIndicator', 'Radio'],
    }),
    webManifestPlugin({ root, brand }),
    // The service worker (docs/decisions/0022): our own (src/serviceWorker/sw.ts), given the list of the
    // build's files to precache. The manifests are webManifestPlugin's; the page registers the worker itself
    // (lib/offline/registerServiceWorker.ts), after its first paint.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/serviceWorker',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // Every chunk and stylesheet (every route's, so any page opens without the network) and the
        // brand's images; not the compressed twins (the server sends those in their place), not the HTML
        // (the server makes each page's, web-index.ts).
        globPatterns: ['assets/**/*.{js,css}', `brands/${brand.logo}`, '*.{svg,webmanifest}'],
        globIgnores: ['**/*.br', '**/*.gz'],
        // Their names carry their content's hash: fetched as they are, so the browser's cache can answer.
        dontCacheBustURLsMatching: /^assets\//,
      },
    }),
    precompress(),
    bootHtmlPlugin({ root, module: BOOT_MODULE }),
    preloadsPlugin({ root }),
    budgetPlugin({
      root,
      budgets: [
        {
          route: '/signin',
          // The larger language's texts (German) stand for both.
          modules: [...ROUTE_MODULES['/signin'], 'src/locales/de/start.ts'],
          // Issue 16's goal. The libraries every page runs (react-dom, react-router's data router, i18next,
          // TanStack Query, react-hook-form, Mantine's core) are most of it (decision 0014).
          maxScriptBytes: 170 * KIB,
          maxStyleBytes: 12 * KIB,
          forbidden: PAGE_ONLY_CODE,
        },
        {
          // Registration: the sign-in page's libraries and its own few parts (ui-start); the info tooltip's
          // positioning library comes when a tooltip is first asked for.
          route: '/register',
          modules: [...ROUTE_MODULES['/register'], 'src/locales/de/start.ts'],
          maxScriptBytes: 180 * KIB,
          maxStyleBytes: 12 * KIB,
          forbidden: [...PAGE_ONLY_CODE, /node_modules\/@floating-ui\//],
        },
        {
          // The signed-in pages a phone opens most (issue 46): their bytes and files before the page can draw,
          // held where issue 46 brought them (no zod, no date picker, per-page parts); README names them.
          route: '/dashboard',
          modules: [...ROUTE_MODULES['/dashboard'], 'src/locales/de/rest.ts'],
          maxScriptBytes: 236 * KIB,
          maxStyleBytes: 17 * KIB,
          maxRequests: 17,
          forbidden: DISPLAY_PAGE_FORBIDDEN,
        },
        {
          route: '/pet-details/:name/:id/appointments',
          modules: [...ROUTE_MODULES['/pet-details/:name/:id/appointments'], 'src/locales/de/rest.ts'],
          maxScriptBytes: 246 * KIB,
          maxStyleBytes: 17 * KIB,
          maxRequests: 26,
          forbidden: DISPLAY_PAGE_FORBIDDEN,
        },
        {
          route: '/my-account/subscription',
          modules: [...ROUTE_MODULES['/my-account/subscription'], 'src/locales/de/rest.ts'],
          maxScriptBytes: 246 * KIB,
          maxStyleBytes: 17 * KIB,
          maxRequests: 26,
          forbidden: DISPLAY_PAGE_FORBIDDEN,
        },
        {
          // A pet's page: the weight chart and the picture crop come when they are shown, not with the page.
          // (25 files until the page's first script became one of its own, main.tsx.)
          route: '/pet-details/:name/:id',
          modules: [...ROUTE_MODULES['/pet-details/:name/:id'], 'src/locales/de/rest.ts'],
          maxScriptBytes: 244 * KIB,
          maxStyleBytes: 17 * KIB,
          maxRequests: 26,
          forbidden: DISPLAY_PAGE_FORBIDDEN,
        },
      ],
    }),
  ],
  define: {
    'import.meta.env.VITE_BRAND': JSON.stringify(brand.id),
  },
  build: {
    outDir: `dist/${brand.id}`,
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    // Every browser the portal supports knows <link rel="modulepreload">; the polyfill would be first-page weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { index: `${root}/index.html`, boot: `${root}/${BOOT_MODULE}` },
      output: {
        // Left to itself the bundler cuts what pages share into a hundred small files; each is a request
        // (portal over HTTP/1.1: six at a time) and compresses on its own. Three shared chunks instead:
        // - vendor: the libraries every page runs, long-lived (without react-i18next's <Trans>, which only
        //   later pages use);
        // - initial: the rest of what the app's start loads ($initial: boot.tsx is an entry), with the sign-in
        //   page and its frame, which pages.ts imports statically, since most first visits open it; not the
        //   page's first script (main.tsx), which has a chunk of its own;
        // - ui: the parts of the component libraries the frame and many pages use (frameUiGroup); the rest,
        //   and page-only libraries (dates, charts, crop, dropzone, Markdown, Stripe), stay with their pages.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/]((react|react-dom|scheduler|react-router|@tanstack|i18next|react-hook-form|@mantine[\\/]store)[\\/]|react-i18next[\\/]dist[\\/]es[\\/](?!Trans))/,
              priority: 20,
            },
            {
              name: 'initial',
              tags: ['$initial'],
              // Not the page's first script (index.html's, main.tsx), which starts the app after the first
              // paint: a group takes its modules' imports along.
              test: (id: string) => !FIRST_SCRIPT.test(id),
              priority: 10,
            },
            {
              // START_UI above.
              name: 'ui-start',
              test: START_UI,
              priority: 6,
            },
            {
              // The frame's parts of the component libraries (uiGroupName above).
              name: uiGroupName,
              test: UI_LIBRARIES,
              priority: 5,
            },
          ],
        },
      },
    },
  },
  server: { port: apiPort + 1, strictPort: true, proxy },
  preview: { port: apiPort + 1, strictPort: true, proxy },
});
