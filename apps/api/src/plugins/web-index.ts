import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { PublicConfig } from '@pet/shared';
import { brandConfig } from '@pet/shared/brands';
import { browserLanguage, isLanguage, type Language } from '@pet/shared/constants';
import { AUTH_PAGES, apiPaths } from '@pet/shared/paths';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type RouteParams, routeReads } from './web-reads.ts';

// index.html as every page of the web app gets it (issue 46): the build's file with the server's public
// configuration inlined as JSON (the same as GET /v1/config), so a first load draws without asking for it,
// and, on a route the build knows, that route's chunks named in the head, so the browser fetches them while
// it reads the HTML, with the texts the app starts with in the visitor's language; for a browser with the
// signed-in hint also the profile and the route's first reads (web-reads.ts).
// A non-executable <script type="application/json"> falls under no script policy. Each variant is made once,
// compressed like the build's own twins (brotli 11, gzip 9; a page naming a pet's reads, one of many, brotli
// 5), and revalidated by its ETag (no-cache).

/** The element's id; the web app reads it (apps/web/src/lib/publicConfig.ts). */
export const PUBLIC_CONFIG_ELEMENT = 'public-config';

export interface IndexPage {
  etag: string;
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** JSON that cannot end the element it is in, or open a comment. */
function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

type Files = { scripts: string[]; styles: string[] };

/**
 * The build's preloads.json (apps/web/build/preloads.ts): what each known route adds to the entry's files,
 * and the texts' chunks per language and part (start: every page; rest: every page beyond sign-in).
 */
export interface BuildPreloads {
  routes: Record<string, Files>;
  texts: Partial<Record<Language, { start: string[]; rest: string[] }>>;
}

/** What a page's head names besides the configuration. */
interface Head {
  /** The route's chunks and stylesheets, and the texts' chunks. */
  files?: Files;
  /** /v1 reads the app asks for first, with credentials. */
  reads: readonly string[];
  /** The brand's logo in the middle of the screen until the app draws (a likely session: see splashOf). */
  splash?: boolean;
  /** The language the app will start in: the web app manifest of that language (issue 48). */
  language?: Language;
}

/**
 * What a signed-in page shows while its code loads (issue 46), instead of a white screen: the brand's logo,
 * as the header shows it (the image is preloaded by the HTML already), where the app's loading spinner will
 * be. The app's first render replaces it.
 */
function splashOf(config: PublicConfig): string {
  const brand = brandConfig(config.brand);
  const alt = brand.displayName.replace(/[&<>"]/g, '');
  return (
    '<div style="display:flex;align-items:center;justify-content:center;min-height:100dvh">' +
    `<img src="/brands/${brand.logo}" alt="${alt}" height="34" style="height:34px;width:auto"></div>`
  );
}

/** Only the site's own asset paths go into a page (the file is the build's; a path is checked all the same). */
const ASSET = /^\/assets\/[\w.-]+\.(js|css)$/;

/**
 * The HTML's extra head: the public configuration, the reads a likely session asks for first, and the
 * chunks and stylesheets of the route being opened (as the app's start's are, build/bootHtml.ts:
 * modulepreload with `crossorigin`, so the page's later import finds them, and a low priority: the first
 * paint, the splash, needs none of them, so the stylesheet, the logo and the reads go first).
 */
function headOf(config: PublicConfig, { files, reads, language }: Head): string {
  const tags = [
    `<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT}">${inlineJson(config)}</script>`,
  ];
  // The installable app's name, icon and colours, in the page's language (the web build's manifests).
  if (language) tags.push(`<link rel="manifest" href="/manifest.${language}.webmanifest">`);
  // As apiFetch asks for them: with credentials.
  for (const href of reads) {
    tags.push(`<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}">`);
  }
  for (const href of files?.scripts.filter((file) => ASSET.test(file)) ?? []) {
    tags.push(`<link rel="modulepreload" crossorigin href="${href}" fetchpriority="low">`);
  }
  for (const href of files?.styles.filter((file) => ASSET.test(file)) ?? []) {
    tags.push(`<link rel="preload" as="style" crossorigin href="${href}">`);
  }
  return tags.join('');
}

export function indexPage(
  html: string,
  config: PublicConfig,
  head: Head = { reads: [] },
  brotliQuality = 11,
): IndexPage {
  const tags = headOf(config, head);
  let page = html.includes('</head>') ? html.replace('</head>', `${tags}</head>`) : `${tags}${html}`;
  if (head.splash) page = page.replace('<div id="root"></div>', `<div id="root">${splashOf(config)}</div>`);
  const plain = Buffer.from(page);
  return {
    etag: `"${createHash('sha256').update(plain).digest('base64url').slice(0, 27)}"`,
    plain,
    br: brotliCompressSync(plain, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    }),
    gzip: gzipSync(plain, { level: 9 }),
  };
}

/** Brotli, else gzip, else plain, as the request accepts; 304 when the browser's copy is this one. */
export function sendIndexPage(request: FastifyRequest, reply: FastifyReply, page: IndexPage) {
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    // The page differs by the encoding, the signed-in hint and language cookies (the reads' and texts'
    // preloads) and, without the language cookie, by the browser's language.
    .header('vary', 'accept-encoding, cookie, accept-language')
    .header('etag', page.etag);
  if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.plain);
}

/** The segments of `path` (no query) named by the route `pattern` (`/pet-details/:name/:id`), or null. */
export function routeParams(pattern: string, path: string): RouteParams | null {
  const want = pattern.split('/');
  const have = path.replace(/\/+$/, '').split('/');
  if (want.length !== have.length) return null;
  const params: RouteParams = {};
  for (const [i, part] of want.entries()) {
    const segment = have[i] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = segment;
    else if (part !== segment) return null;
  }
  return params;
}

/** Pages made for a route's reads (a pet's id is in them): the most recent few, not one per id ever seen. */
const READ_PAGES_KEPT = 500;

/** What the page is asked for with: its path (no query), the signed-in hint, the language the app will start in. */
export interface PageRequest {
  path: string;
  signedIn: boolean;
  language: Language;
}

/**
 * index.html for every known route, and the plain one for any other path, each with the texts the app starts
 * with in the visitor's language; for a browser that carries the signed-in hint (a session is likely: the app
 * will ask at once), also with the profile's preload and the route's first reads.
 */
export function indexPages(html: string, config: PublicConfig, preloads: BuildPreloads) {
  const routes = Object.entries(preloads.routes).map(([route, files]) => ({ route, files }));
  const matchRoute = (path: string) => {
    for (const known of routes) {
      const params = routeParams(known.route, path);
      if (params) return { ...known, params };
    }
    return undefined;
  };
  // The app asks for the start texts on every page and the rest beyond the sign-in pages (boot.tsx).
  const textsFor = (path: string, language: Language) => {
    const texts = preloads.texts[language];
    return [...(texts?.start ?? []), ...(AUTH_PAGES.includes(path) || !texts ? [] : texts.rest)];
  };
  const fixed = new Map<string, IndexPage>();
  const withReads = new Map<string, IndexPage>();
  return ({ path, signedIn, language }: PageRequest): IndexPage => {
    const known = matchRoute(path);
    const texts = textsFor(path, language);
    const files = {
      scripts: [...(known?.files.scripts ?? []), ...texts],
      styles: known?.files.styles ?? [],
    };
    const reads = known && signedIn ? routeReads(known.route, known.params, config.brand) : ([] as string[]);
    const head = { files, reads: signedIn ? [apiPaths.myInfo, ...reads] : [], splash: signedIn, language };
    const key = `${known?.route ?? ''} ${signedIn} ${language} ${texts.join(' ')} ${reads.join(' ')}`;
    if (reads.length === 0) {
      let page = fixed.get(key);
      if (!page) {
        page = indexPage(html, config, head);
        fixed.set(key, page);
      }
      return page;
    }
    let page = withReads.get(key);
    if (page) {
      withReads.delete(key);
    } else {
      page = indexPage(html, config, head, 5);
      if (withReads.size >= READ_PAGES_KEPT) withReads.delete(withReads.keys().next().value ?? '');
    }
    withReads.set(key, page);
    return page;
  };
}

/** The language the web app will start in, as far as the server can tell: its cookie, else the browser's. */
export function pageLanguage(cookieValue: string | undefined, acceptLanguage: string | undefined): Language {
  if (isLanguage(cookieValue)) return cookieValue;
  // As the app reads navigator.languages: Accept-Language's tags in the browser's order, weights dropped.
  return browserLanguage(acceptLanguage?.split(',').map((tag) => tag.split(';')[0] ?? ''));
}
