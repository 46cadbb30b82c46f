import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from './web.ts';

// The API's answers compressed on the fly for a client that accepts it (every browser): brotli, else gzip.
//   - Only answers of at least 4 KB (COMPRESSION_THRESHOLD). Smaller ones fit the first round trip of a new
//     connection either way (ten segments of about 1.4 KB), so compressing them saves bytes, not waiting, and
//     it cost GET /v1/pet (2.3 KB, three pets) a quarter of its rate on PostgreSQL (issue 30: 19 % of the bare
//     route's requests a second at 1 KB, 27 % at 4 KB, in one run).
//   - Brotli at quality 2, not the maximum of 11: an answer is compressed anew on every request (issue 30: at
//     quality 4 it was a sixth of GET /v1/pet's time on PostgreSQL). Measured on a 39 KB list of 100
//     documents: quality 2 takes 0.19 ms to 11.2 KB, 4 takes 0.38 ms to 11.0 KB, gzip -6 0.36 ms to 11.8 KB;
//     on the 2.3 KB list of three pets, quality 2 takes 12 us to 326 bytes, 4 takes 26 us to 307 bytes.
//     (Earlier, on a 32 KB list: 11 took 30 ms to 6.7 KB against 4's 7.5 KB.)
//   - JSON and text only (and what mime-db calls compressible, e.g. a .bmp document), not the library's
//     default of application/octet-stream as well: downloads of that type, pictures, PDFs, office files and
//     the export's ZIP stream as they are, with their length.
//   - Only routes of the API: the web app's files are compressed at build time (plugins/web.ts serves the
//     twins), so they are not compressed again here.
//   - Requests are not decompressed: no client sends compressed bodies, and webhooks must see their bytes.
// Registered before any route: @fastify/compress attaches itself to the routes declared after it.

/** Answers from this many bytes on are compressed. */
export const COMPRESSION_THRESHOLD = 4096;

/** JSON (also `application/problem+json`...) and text other than event streams. */
const COMPRESSIBLE = /^application\/(?:[\w.-]+\+)?json(?:;|$)|^text\/(?!event-stream)/;

async function compressionPlugin(app: FastifyInstance) {
  // Before @fastify/compress's own onRoute hook, which reads the route's `compress` option.
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && !isApiPath(route.url)) route.compress = false;
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 2 } },
    customTypes: COMPRESSIBLE,
    globalDecompression: false,
  });
}

export default fp(compressionPlugin, { name: 'compression' });
