import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// Serves the built web app for this brand, with the single-page fallback: every GET that is not an API
// path answers index.html, so deep links like /pet-details/Bello/1 work on reload.

const API_PREFIXES = ['/v1/', '/api/', '/docs', '/healthz'];

export function webDistDir(brand: string, override?: string): string {
  return override ?? fileURLToPath(new URL(`../../../web/dist/${brand}`, import.meta.url));
}

export async function webPlugin(app: FastifyInstance, opts: { root: string }) {
  const index = join(opts.root, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ root: opts.root }, 'web app not built; serving the API only');
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: false,
    index: false,
    setHeaders(res, path) {
      res.setHeader(
        'cache-control',
        path.includes(`${join('/', 'assets', '/')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (API_PREFIXES.some((p) => path.startsWith(p))) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: 'Not_Found_Text' });
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
