import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../config/env.ts';
import { createLocalStorage } from './local.ts';
import type { Storage } from './storage.ts';

// `app.storage`: the one Storage of the process. Local disk under DATA_DIR/files until S3 is configured
// (a later issue adds that choice here).

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/** The folder of the local disk storage. */
export const localStorageRoot = (env: Pick<Env, 'DATA_DIR'>) => join(env.DATA_DIR, 'files');

async function storagePlugin(app: FastifyInstance) {
  app.decorate('storage', createLocalStorage(localStorageRoot(app.env)));
}

export default fp(storagePlugin, { name: 'storage' });
