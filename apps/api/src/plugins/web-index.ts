import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { PublicConfig } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type RouteParams, routeReads } from './web-reads.ts';

// index.html as every page of the web app gets it (issue 46): the build's file with the server's public
// configuration inlined as JSON (the same as GET /v1/config), so a first load draws without asking for it,
// and, on a route the build knows, that route's chunks named in the head, so the browser fetches them while
// it reads the HTML; for a browser with the signed-in hint also the profile and the route's first reads
// (web-reads.ts).
// A non-executable <script type="application/json"> falls under no script policy. Made once at start,
// compressed like the build's own twins (brotli 11, gzip 9), revalidated by its ETag (no-cache).

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

/** What a route adds to the entry's files (the build's preloads.json: apps/web/build/preloads.ts). */
export type RoutePreloads = Record<string, { scripts: string[]; styles: string[] }>;

/** Only the site's own asset paths go into a page (the file is the build's; a path is checked all the same). */
const ASSET = /^\/assets\/[\w.-]+\.(js|css)$/;

/**
 * The HTML's extra head: the public configuration, the reads a likely session asks for first, and the
 * chunks and stylesheets of the route being opened (as the entry's own are: modulepreload with `crossorigin`,
 * so the page's later import finds them).
 */
function headOf(
  config: PublicConfig,
  files: { scripts: string[]; styles: string[] } | undefined,
  reads: readonly string[],
): string {
  const tags = [
    `<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT}">${inlineJson(config)}</script>`,
  ];
  // As apiFetch asks for them: with credentials.
  for (const href of reads) {
    tags.push(`<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}">`);
  }
  for (const href of files?.scripts.filter((file) => ASSET.test(file)) ?? []) {
    tags.push(`<link rel="modulepreload" crossorigin href="${href}">`);
  }
  for (const href of files?.styles.filter((file) => ASSET.test(file)) ?? []) {
    tags.push(`<link rel="preload" as="style" crossorigin href="${href}">`);
  }
  return tags.join('');
}

export function indexPage(
  html: string,
  config: PublicConfig,
  files?: { scripts: string[]; styles: string[] },
  reads: readonly string[] = [],
): IndexPage {
  const head = headOf(config, files, reads);
  const page = html.includes('</head>') ? html.replace('</head>', `${head}</head>`) : `${head}${html}`;
  const plain = Buffer.from(page);
  return {
    etag: `"${createHash('sha256').update(plain).digest('base64url').slice(0, 27)}"`,
    plain,
    br: brotliCompressSync(plain, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length },
    }),
    gzip: gzipSync(plain, { level: 9 }),
  };
}

/** Brotli, else gzip, else plain, as the request accepts; 304 when the browser's copy is this one. */
export function sendIndexPage(request: FastifyRequest, reply: FastifyReply, page: IndexPage) {
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    // The page differs by the signed-in hint cookie (the profile's preload) and by the encoding.
    .header('vary', 'accept-encoding, cookie')
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

/**
 * index.html for every known route, and the plain one for any other path; for a browser that carries the
 * signed-in hint (a session is likely: the app will ask at once), each also with the profile's preload and
 * the route's first reads.
 */
export function indexPages(html: string, config: PublicConfig, preloads: RoutePreloads) {
  const hinted = (files?: { scripts: string[]; styles: string[] }, reads: string[] = []) =>
    indexPage(html, config, files, [apiPaths.myInfo, ...reads]);
  const plain = { signedOut: indexPage(html, config), signedIn: hinted() };
  const routes = Object.entries(preloads).map(([route, files]) => ({
    route,
    files,
    signedOut: indexPage(html, config, files),
    signedIn: hinted(files),
  }));
  const matchRoute = (path: string) => {
    for (const known of routes) {
      const params = routeParams(known.route, path);
      if (params) return [known, params] as const;
    }
    return [undefined, undefined] as const;
  };
  const withReads = new Map<string, IndexPage>();
  return (path: string, signedIn: boolean): IndexPage => {
    const [known, params] = matchRoute(path);
    if (!known || !params) return signedIn ? plain.signedIn : plain.signedOut;
    if (!signedIn) return known.signedOut;
    const reads = routeReads(known.route, params, config.brand);
    if (reads.length === 0) return known.signedIn;
    const key = `${known.route} ${reads.join(' ')}`;
    let page = withReads.get(key);
    if (page) {
      withReads.delete(key);
    } else {
      page = hinted(known.files, reads);
      if (withReads.size >= READ_PAGES_KEPT) withReads.delete(withReads.keys().next().value ?? '');
    }
    withReads.set(key, page);
    return page;
  };
}
