import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../config/env.ts';
import { createLocalStorage } from './local.ts';
import { createS3Client, createS3Storage, type S3StorageConfig } from './s3.ts';
import type { Storage } from './storage.ts';

// The one Storage of the process (`app.ctx.storage`): an S3-compatible bucket when S3_BUCKET is set, else the
// local disk under DATA_DIR/files.

/** The folder of the local disk storage. */
export const localStorageRoot = (env: Pick<Env, 'DATA_DIR'>) => join(env.DATA_DIR, 'files');

type S3Env = Pick<
  Env,
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/** The bucket's settings, or undefined for the local disk (loadEnv has checked that they are complete). */
export function s3ConfigOf(env: S3Env): S3StorageConfig | undefined {
  if (env.S3_BUCKET === undefined) return undefined;
  const { S3_REGION: region, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (!region || !accessKeyId || !secretAccessKey) throw new Error('S3_BUCKET without its settings');
  return {
    bucket: env.S3_BUCKET,
    region,
    accessKeyId,
    secretAccessKey,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

/** The process's storage, and what ends it when the app closes (the bucket's client). */
export function createStorage(env: Env, log: FastifyBaseLogger): { storage: Storage; close(): void } {
  const s3 = s3ConfigOf(env);
  if (!s3) return { storage: createLocalStorage(localStorageRoot(env)), close() {} };
  const client = createS3Client(s3);
  return { storage: createS3Storage(client, s3.bucket, log), close: () => client.destroy() };
}
