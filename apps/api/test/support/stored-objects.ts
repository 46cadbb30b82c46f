import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { Env } from '../../src/config/env.ts';
import { localStorageRoot, s3ConfigOf } from '../../src/storage/create-storage.ts';
import { createS3Client } from '../../src/storage/s3.ts';
import { filesUnder } from './files-on-disk.ts';

/**
 * Every key the app's storage holds, sorted, wherever it is: the files under DATA_DIR/files (partial ones
 * included) or the objects of the S3 bucket. For "nothing stored" checks that run on either storage.
 */
export async function storedObjects(env: Env): Promise<string[]> {
  const s3 = s3ConfigOf(env);
  if (!s3) return filesUnder(localStorageRoot(env));
  const client = createS3Client(s3);
  try {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const listed = await client.send(
        new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken: token }),
      );
      for (const object of listed.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = listed.IsTruncated ? listed.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  } finally {
    client.destroy();
  }
}
