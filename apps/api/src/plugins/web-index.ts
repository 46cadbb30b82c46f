import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { PublicConfig } from '@pet/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';

// index.html as every page of the web app gets it (issue 46): the build's file with the server's public
// configuration inlined as JSON (the same as GET /v1/config), so a first load draws without asking for it.
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

export function indexPage(html: string, config: PublicConfig): IndexPage {
  const tag = `<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT}">${inlineJson(config)}</script>`;
  const page = html.includes('</head>') ? html.replace('</head>', `${tag}</head>`) : `${tag}${html}`;
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
    .header('vary', 'accept-encoding')
    .header('etag', page.etag);
  if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.plain);
}
