import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { LANGUAGE_COOKIE, type PublicConfig, SESSION_HINT_COOKIE } from '@pet/shared';
import type { FastifyInstance } from 'fastify';
import { carriesCookie, cookieValue } from '../lib/cookies.ts';
import { notFound } from '../lib/errors.ts';
import { sendError } from '../lib/send-error.ts';
import { type BuildPreloads, indexPages, pageLanguage, sendIndexPage } from './web-index.ts';

// Serves the built web app for this brand, with the single-page fallback: every GET that is not an API
// path answers index.html, so deep links like /pet-details/Bello/1 work on reload.
//
// Compression: the build writes `<file>.br` and `<file>.gz` beside every text file (apps/web/build/
// precompress.ts); `preCompressed` sends the twin the browser accepts (brotli first) with its Content-Encoding,
// the plain file to a client that accepts neither. That holds for the fallback's `reply.sendFile` as well.
// These routes are left out of the on-the-fly compression of the API (plugins/compression.ts).
//
// Caching: the files under assets/ carry a hash of their content in their name, so a browser may keep them
// for a year without asking again; everything else (index.html, which names the current assets, the brand's
// logos and icons) is `no-cache`: kept, but revalidated (ETag) before each use, so a deployment shows at once.
// The brand's logo is the exception: it heads every page and is asked for up to three times in a first visit
// (preload, favicon, <img>); revalidating each is a request on the page's critical path (a slow phone waits a
// round trip for a 304). It is kept a day; a new logo reaches a returning visitor within that day.

const API_PREFIXES = ['/v1/', '/api/', '/docs', '/healthz', '/livez', '/readyz', '/metrics'];

/** A path of the API (or its docs), which is never answered with the web app. */
export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((p) => path.startsWith(p));
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const LOGO_CACHE = 'public, max-age=86400';

function cacheControl(path: string): string {
  if (path.startsWith(`assets${sep}`)) return IMMUTABLE;
  if (path.startsWith(`brands${sep}`)) return LOGO_CACHE;
  return 'no-cache';
}

export function webDistDir(brand: string, override?: string): string {
  return override ?? fileURLToPath(new URL(`../../../web/dist/${brand}`, import.meta.url));
}

export async function webPlugin(app: FastifyInstance, opts: { root: string; config: PublicConfig }) {
  const index = join(opts.root, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ root: opts.root }, 'web app not built; serving the API only');
    return;
  }
  // index.html with the public configuration in it, the texts' chunks and, on a known route, that route's
  // chunks (web-index.ts): every page's HTML, /index.html included.
  const preloadsFile = join(opts.root, 'preloads.json');
  const preloads: BuildPreloads = existsSync(preloadsFile)
    ? JSON.parse(readFileSync(preloadsFile, 'utf8'))
    : { routes: {}, texts: {} };
  const pageFor = indexPages(readFileSync(index, 'utf8'), opts.config, preloads);
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The twins are found through their original's route, not served as routes of their own.
    // index.html goes out with the configuration inlined, through the fallback below.
    globIgnore: ['**/*.br', '**/*.gz', 'index.html', 'preloads.json'],
    // Off, because the header @fastify/send would write ("public, max-age=0") is applied after setHeaders and
    // replaced its value: hashed assets went out revalidated on every use instead of immutable.
    cacheControl: false,
    setHeaders(res, path) {
      res.setHeader('cache-control', cacheControl(relative(opts.root, path)));
      // The answer depends on Accept-Encoding (plain, .br or .gz): a shared cache must keep them apart.
      res.setHeader('vary', 'accept-encoding');
    },
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (isApiPath(path)) {
      return sendError(reply, notFound());
    }
    const page = pageFor({
      path,
      signedIn: carriesCookie(request, SESSION_HINT_COOKIE),
      language: pageLanguage(cookieValue(request, LANGUAGE_COOKIE), request.headers['accept-language']),
    });
    return sendIndexPage(request, reply, page);
  });
}
