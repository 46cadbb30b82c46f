// The storage alone (run.ts, scenario `storage`): a generated 25 MB stream put into the local disk storage
// and into the S3 storage (on s3rver, in this process), against the same stream written to /dev/null in
// the same run, as one file and as five one after the other (the most a document upload carries). Each
// measurement runs in a fresh process (bench/storage-put.ts), BENCH_STORAGE_REPEAT times (median), so RSS
// growth is that of the put alone: the S3 storage holds at most a few 5 MiB parts whatever the file's size.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { MAX_UPLOAD_BYTES } from '@pet/shared';
import { startS3Server } from '../test/support/s3-server.ts';
import type { PutMeasurement } from './storage-put.ts';

const REPEAT = Number(process.env.BENCH_STORAGE_REPEAT ?? 3);
const PUT = fileURLToPath(new URL('./storage-put.ts', import.meta.url));
const TARGETS = ['devnull', 'local', 's3'] as const;

export interface StoragePutResult {
  target: (typeof TARGETS)[number];
  files: number;
  mbPerSecond: number;
  rssGrowthMb: number;
  /** MB/s relative to /dev/null in the same run. */
  speedRatio: number;
  /** RSS growth above /dev/null's in the same run. */
  rssOverBaselineMb: number;
}

function measure(env: Record<string, string>): Promise<PutMeasurement> {
  return new Promise((resolve, reject) => {
    const child = fork(PUT, [], {
      env: { ...process.env, ...env },
      execArgv: [...process.execArgv, '--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let result: PutMeasurement | undefined;
    child.once('message', (message) => {
      result = message as PutMeasurement;
    });
    child.once('exit', (code) =>
      result ? resolve(result) : reject(new Error(`storage bench exited with ${code}`)),
    );
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mb = (bytes: number) => bytes / 1024 / 1024;

export async function benchStorage(): Promise<StoragePutResult[]> {
  const s3 = await startS3Server();
  try {
    await s3.createBucket('bench');
    const results: StoragePutResult[] = [];
    for (const files of [1, 5]) {
      const runs: Record<string, PutMeasurement[]> = { devnull: [], local: [], s3: [] };
      // Interleaved, so that a busy moment of the machine falls on every target alike.
      for (let i = 0; i < REPEAT; i++) {
        for (const target of TARGETS) {
          runs[target]!.push(
            await measure({
              BENCH_STORAGE_TARGET: target,
              BENCH_STORAGE_FILES: String(files),
              BENCH_S3_ENDPOINT: s3.endpoint,
            }),
          );
        }
      }
      const summary = (target: string) => ({
        mbPerSecond: (mb(MAX_UPLOAD_BYTES) * files) / median(runs[target]!.map((r) => r.seconds)),
        rssGrowthMb: mb(median(runs[target]!.map((r) => r.rssGrowth))),
      });
      const baseline = summary('devnull');
      for (const target of TARGETS) {
        const s = summary(target);
        results.push({
          target,
          files,
          ...s,
          speedRatio: s.mbPerSecond / baseline.mbPerSecond,
          rssOverBaselineMb: s.rssGrowthMb - baseline.rssGrowthMb,
        });
      }
    }
    return results;
  } finally {
    await s3.stop();
  }
}

export function storageLines(results: StoragePutResult[]): string[] {
  return results.map(
    (r) =>
      `storage put ${r.files} × 25 MB, ${r.target.padEnd(7)}: ${r.mbPerSecond.toFixed(0).padStart(5)} MB/s ` +
      `(${r.speedRatio.toFixed(2)} × /dev/null), RSS +${r.rssGrowthMb.toFixed(1)} MB ` +
      `(${r.rssOverBaselineMb >= 0 ? '+' : ''}${r.rssOverBaselineMb.toFixed(1)} MB over /dev/null)`,
  );
}
