import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll } from 'vitest';
import { createS3Client, type S3StorageConfig } from '../../src/storage/s3.ts';

// A local S3 server (s3rver) on 127.0.0.1, keeping its objects in a temporary folder, for the S3 storage's
// tests and for API tests that run with their files in a bucket:
//   const s3 = useS3Server();                       // before useTestApp, in the same scope
//   const t = useTestApp({ env: s3.env });
// `env` is filled in by the beforeAll this registers, which runs before useTestApp's builds the app.

/** s3rver's built-in account. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
export const TEST_BUCKET = 'pet-files';

export interface S3TestServer {
  endpoint: string;
  /** Where s3rver keeps buckets, objects and the parts of unfinished multipart uploads. */
  directory: string;
  /** The settings of a bucket on this server (createBucket makes more of them). */
  config(bucket?: string): S3StorageConfig;
  createBucket(name: string): Promise<void>;
  /** The S3_* variables that put the app's storage in TEST_BUCKET. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startS3Server(): Promise<S3TestServer> {
  const directory = await mkdtemp(join(tmpdir(), 'pet-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    // s3rver signs a bucket's own URL (ListObjectsV2, DeleteObjects) without the trailing slash that the
    // SDK signs, and refuses them. The access key is still checked; object requests still match.
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config = (bucket = TEST_BUCKET): S3StorageConfig => ({
    bucket,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    ...CREDENTIALS,
  });
  return {
    endpoint,
    directory,
    config,
    async createBucket(name) {
      const client = createS3Client(config(name));
      try {
        await client.send(new CreateBucketCommand({ Bucket: name }));
      } finally {
        client.destroy();
      }
    },
    env: {
      S3_BUCKET: TEST_BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** A server for the calling scope (file or describe block); its `env` can be handed to useTestApp. */
export function useS3Server(): { env: Record<string, string>; server(): S3TestServer } {
  const env: Record<string, string> = {};
  let current: S3TestServer | undefined;
  beforeAll(async () => {
    current = await startS3Server();
    Object.assign(env, current.env);
  });
  afterAll(async () => {
    await current?.stop();
    current = undefined;
  });
  return {
    env,
    server() {
      if (!current) throw new Error('useS3Server: the server exists from beforeAll to afterAll of its scope');
      return current;
    },
  };
}
