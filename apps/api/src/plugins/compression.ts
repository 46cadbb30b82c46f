import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from './web.ts';

// The API's answers compressed on the fly for a client that accepts it (every browser): brotli, else gzip.
//   - Only answers of at least 1 KB (@fastify/compress's threshold): below it the saving is a few bytes.
//   - Brotli at quality 4, not the maximum of 11: an answer is compressed anew on every request. Measured on
//     a 32 KB list of 100 documents: quality 4 takes 0.25 ms to 7.5 KB, 5 takes 0.44 ms to 7.6 KB, 11 takes
//     30 ms to 6.7 KB; gzip -6 0.21 ms to 8.1 KB.
//   - JSON and text only (and what mime-db calls compressible, e.g. a .bmp document), not the library's
//     default of application/octet-stream as well: downloads of that type, pictures, PDFs, office files and
//     the export's ZIP stream as they are, with their length.
//   - Only routes of the API: the web app's files are compressed at build time (plugins/web.ts serves the
//     twins), so they are not compressed again here.
//   - Requests are not decompressed: no client sends compressed bodies, and webhooks must see their bytes.
// Registered before any route: @fastify/compress attaches itself to the routes declared after it.

/** JSON (also `application/problem+json`...) and text other than event streams. */
const COMPRESSIBLE = /^application\/(?:[\w.-]+\+)?json(?:;|$)|^text\/(?!event-stream)/;

async function compressionPlugin(app: FastifyInstance) {
  // Before @fastify/compress's own onRoute hook, which reads the route's `compress` option.
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && !isApiPath(route.url)) route.compress = false;
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    customTypes: COMPRESSIBLE,
    globalDecompression: false,
  });
}

export default fp(compressionPlugin, { name: 'compression' });
