import { pipeline, Readable, Transform } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertSafeKey, type Storage } from './storage.ts';

// Files in a bucket of any S3-compatible store. A put of less than one part is one PutObject sent once the
// body has ended; a larger one is a multipart upload fed part by part from the body stream, which S3 shows
// as an object only once CompleteMultipartUpload succeeds (a failed one is aborted). So a reader never sees
// half a file and a failed upload leaves nothing. The content type is kept by the
// database row; the object's own is informative only.

export interface S3StorageConfig {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Unset: AWS's own endpoint for the region. */
  endpoint?: string | undefined;
  /** Most stores other than AWS (MinIO, s3rver, ...) address buckets by path, not by host name. */
  forcePathStyle: boolean;
}

/**
 * Upload parts are 5 MiB, the smallest S3 allows; at most this many are sent at once. Memory per upload is
 * about (PARTS_IN_FLIGHT + 1) parts, whatever the file's size: two in flight keeps a slow store from
 * stalling the client without holding most of a 25 MB file.
 */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
/** The most keys one ListObjectsV2 answers and one DeleteObjects takes. */
const KEYS_PER_CALL = 1000;

export function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // The SDK's default checksums (CRC32 on every request since 3.729) corrupt or get refused on a streamed
    // put by several S3-compatible stores: only where the API requires one (DeleteObjects).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // The SDK waits forever by default: a store that stops answering fails the request instead of holding
    // it (and its buffered parts). Idle, not total: a 25 MB download to a slow phone keeps moving.
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 60_000 },
  });
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/** Where a failed clean-up is reported (the app's logger); the failure itself is not the caller's. */
export interface StorageLog {
  warn(details: object, message: string): void;
}

export function createS3Storage(client: S3Client, bucket: string, log: StorageLog): Storage {
  /**
   * Drops the parts of a failed multipart upload. Done here rather than by Upload (leavePartsOnError), which
   * would answer the abort's own failure instead of the body's error (the caller's 413 or 415). Parts left
   * by a failed abort are never an object; the bucket's lifecycle rule removes them (.env.example).
   */
  async function abandon(uploadId: string, key: string) {
    try {
      await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }));
    } catch (err) {
      log.warn({ err }, 'the parts of a failed upload could not be removed');
    }
  }

  return {
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
    async put(key, body, options) {
      assertSafeKey(key);
      let size = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          callback(null, chunk);
        },
      });
      // A failing body fails `counted` with its error, which fails (and aborts) the upload; a failed upload
      // destroys `counted`, which stops the body. The upload's outcome is reported by done().
      pipeline(body, counted, () => {});
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: counted, ContentType: options.contentType },
        partSize: PART_SIZE,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: true,
      });
      try {
        await upload.done();
      } catch (error) {
        counted.destroy();
        if (upload.uploadId) await abandon(upload.uploadId, key);
        throw error;
      }
      return { size };
    },

    async get(key) {
      assertSafeKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!(answer.Body instanceof Readable)) throw new Error('S3 answered a body that is no stream');
        return { stream: answer.Body, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertSafeKey(key);
      // S3 answers 204 for a key that does not exist.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async deletePrefix(prefix) {
      assertSafeKey(prefix, { prefix: true });
      let continuationToken: string | undefined;
      do {
        const listed = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: prefix,
            MaxKeys: KEYS_PER_CALL,
            ContinuationToken: continuationToken,
          }),
        );
        const keys = (listed.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length === 0) return;
        continuationToken = listed.IsTruncated ? listed.NextContinuationToken : undefined;
        const deleted = await client.send(
          new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }),
        );
        const failed = deleted.Errors ?? [];
        if (failed.length > 0) {
          throw new Error(`S3 refused to delete ${failed.length} objects (first: ${failed[0]?.Code})`);
        }
      } while (continuationToken);
    },
  };
}
