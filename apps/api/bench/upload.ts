// The uploads (run.ts, scenario `upload`): one 25 MB picture and one request with five 25 MB documents, each
// with the server's peak memory sampled around it (bench/server.ts's /bench/rss routes). The body is made
// while it is sent, so this process holds 64 KB of it whatever the size, and its memory is no part of the
// measurement.
import http from 'node:http';
import { MAX_UPLOAD_BYTES } from '@pet/shared';
import type { ServerReady } from './server.ts';

export interface UploadResult {
  name: string;
  bytes: number;
  seconds: number;
  mbPerSecond: number;
  status: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssGrowthMb: number;
}

function request(port: number, method: string, path: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null')));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * One multipart upload of files of exactly MAX_UPLOAD_BYTES each, every file starting with its `head` and
 * padded with spaces, generated while it is sent (the client holds 64 KB).
 */
function streamUpload(
  port: number,
  token: string,
  path: string,
  files: Array<{ filename: string; head: Buffer }>,
): Promise<{ status: number; seconds: number }> {
  const boundary = 'bench-upload-boundary';
  const opening = (filename: string) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  const separator = Buffer.from('\r\n');
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const length =
    files.reduce((sum, file) => sum + opening(file.filename).length + MAX_UPLOAD_BYTES, 0) +
    separator.length * (files.length - 1) +
    closing.length;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': length,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, seconds: (performance.now() - started) / 1000 }),
        );
      },
    );
    req.on('error', reject);
    let index = 0;
    let left = 0;
    const pump = () => {
      for (;;) {
        if (left === 0) {
          if (index === files.length) return void req.end(closing);
          const file = files[index]!;
          if (index > 0) req.write(separator);
          req.write(opening(file.filename));
          req.write(file.head);
          left = MAX_UPLOAD_BYTES - file.head.length;
          index += 1;
        }
        const size = Math.min(chunk.length, left);
        left -= size;
        if (!req.write(chunk.subarray(0, size))) return void req.once('drain', pump);
      }
    };
    pump();
  });
}

const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
const PDF_HEAD = Buffer.from('%PDF-1.4\n');

/** One upload request with the server's memory sampled around it: RSS growth and MB/s. */
async function measureUpload(
  ready: ServerReady,
  name: string,
  path: string,
  files: Array<{ filename: string; head: Buffer }>,
): Promise<UploadResult> {
  const before = (await request(ready.port, 'POST', '/bench/rss/reset')) as { rss: number };
  const sent = await streamUpload(ready.port, ready.token, path, files);
  const memory = (await request(ready.port, 'GET', '/bench/rss')) as { peak: number };
  const mb = (n: number) => n / 1024 / 1024;
  const bytes = MAX_UPLOAD_BYTES * files.length;
  return {
    name,
    bytes,
    status: sent.status,
    seconds: sent.seconds,
    mbPerSecond: mb(bytes) / sent.seconds,
    rssBeforeMb: mb(before.rss),
    rssPeakMb: mb(memory.peak),
    rssGrowthMb: mb(memory.peak - before.rss),
  };
}

export async function benchUploads(ready: ServerReady): Promise<UploadResult[]> {
  const petId = ready.documentsPetId;
  return [
    await measureUpload(ready, '25 MB picture', `/v1/upload/image?file_for=pet&pet_id=${petId}`, [
      { filename: 'big.jpg', head: JPEG_HEAD },
    ]),
    await measureUpload(
      ready,
      '5 documents of 25 MB in one request',
      `/v1/upload/document?file_for=pet&pet_id=${petId}`,
      Array.from({ length: 5 }, (_, i) => ({ filename: `scan-${i + 1}.pdf`, head: PDF_HEAD })),
    ),
  ];
}

export function uploadLines(database: string, uploads: UploadResult[]): string[] {
  return uploads.map(
    (u) =>
      `${database}: ${u.name} -> ${u.status} in ${u.seconds.toFixed(2)} s (${u.mbPerSecond.toFixed(0)} MB/s); ` +
      `server RSS ${u.rssBeforeMb.toFixed(0)} MB before, peak ${u.rssPeakMb.toFixed(0)} MB (+${u.rssGrowthMb.toFixed(1)} MB)`,
  );
}
