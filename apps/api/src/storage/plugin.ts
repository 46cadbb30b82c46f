import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalStorage } from './local.ts';
import type { Storage } from './storage.ts';

// `app.storage`: the one Storage of the process. Local disk under DATA_DIR/files until S3 is configured
// (a later issue adds that choice here).

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

async function storagePlugin(app: FastifyInstance) {
  app.decorate('storage', createLocalStorage(join(app.env.DATA_DIR, 'files')));
}

export default fp(storagePlugin, { name: 'storage' });
