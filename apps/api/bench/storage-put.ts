// One storage measurement in a process of its own (started by bench/storage.ts), so that its memory is its
// own: FILES puts of a generated 25 MB stream, one after the other, into TARGET (devnull: the same stream
// written to /dev/null, the baseline; local: the local disk storage; s3: the S3 storage on the endpoint the
// parent's s3rver listens on). Sends { seconds, rssGrowth } to the parent: the time of all puts and the
// peak RSS above the RSS before the first (sampled every 5 ms).
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MAX_UPLOAD_BYTES } from '@pet/shared';
import { createLocalStorage } from '../src/storage/local.ts';
import { createS3Client, createS3Storage } from '../src/storage/s3.ts';

export interface PutMeasurement {
  seconds: number;
  rssGrowth: number;
}

const target = process.env.BENCH_STORAGE_TARGET ?? 'devnull';
const files = Number(process.env.BENCH_STORAGE_FILES ?? 1);
const CHUNK = 64 * 1024;

/** `size` bytes made while they are read, as an upload arrives: never more than one chunk at a time here. */
function generated(size: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      const chunk = Buffer.alloc(Math.min(CHUNK, size - sent), sent / CHUNK);
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

const dir = await mkdtemp(join(tmpdir(), 'pet-bench-storage-'));
const s3 = process.env.BENCH_S3_ENDPOINT
  ? createS3Client({
      bucket: 'bench',
      region: 'us-east-1',
      endpoint: process.env.BENCH_S3_ENDPOINT,
      forcePathStyle: true,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    })
  : undefined;
const storage =
  target === 'local'
    ? createLocalStorage(dir)
    : target === 's3' && s3
      ? createS3Storage(s3, 'bench', { warn: () => {} })
      : undefined;
const put = async (key: string, body: Readable) => {
  if (storage) await storage.put(key, body, { contentType: 'application/octet-stream' });
  else await pipeline(body, createWriteStream('/dev/null'));
};

// Warm-up: modules, the client's connection, the JIT of the stream path.
await put('warm/up', generated(6 * 1024 * 1024));
globalThis.gc?.();
const before = process.memoryUsage.rss();
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 5);
const started = performance.now();
for (let i = 0; i < files; i++) await put(`bench/file-${i}`, generated(MAX_UPLOAD_BYTES));
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage.rss());
s3?.destroy();
await rm(dir, { recursive: true, force: true });
process.send?.({ seconds, rssGrowth: peak - before } satisfies PutMeasurement);
