import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { describe } from 'vitest';
import { useS3Server } from '../../test/support/s3-server.ts';
import { storageContract } from '../../test/support/storage-contract.ts';
import { onPostgres } from '../../test/support/test-stage.ts';
import { createS3Client, createS3Storage } from './s3.ts';

// The S3 storage against s3rver on 127.0.0.1, a fresh bucket per test. It uses no database: the PostgreSQL
// stage of `npm test` skips it.

describe.skipIf(onPostgres)('on s3rver', () => {
  const s3 = useS3Server();
  let buckets = 0;

  storageContract('S3 storage', async () => {
    const config = s3.server().config(`contract-${++buckets}`);
    const client = createS3Client(config);
    await s3.server().createBucket(config.bucket);
    return {
      storage: createS3Storage(client, config.bucket, { warn: () => {} }),
      async everything() {
        const listed = await client.send(new ListObjectsV2Command({ Bucket: config.bucket }));
        return (listed.Contents ?? []).map((o) => o.Key ?? '');
      },
      async close() {
        client.destroy();
      },
    };
  });
});
