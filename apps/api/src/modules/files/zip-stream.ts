import { PassThrough, Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { AppContext } from '../../plugins/app-context.ts';

// A ZIP of stored files (and a few small generated ones), streamed: yazl opens each stored file's bytes only
// when it writes that entry, so neither a file nor the archive is ever whole in memory. Used by a pet's
// documents ZIP and the account's export.

/** Formats that are compressed already (images, PDF, Office's ZIP containers) are stored as they are. */
const compressible = (type: string) =>
  type.startsWith('text/') ||
  type === 'application/json' ||
  type === 'application/rtf' ||
  type === 'application/msword' ||
  type === 'application/vnd.ms-excel' ||
  type === 'application/vnd.ms-works' ||
  type === 'application/dbase';

/** One path segment: no separators, control or reserved characters, no leading dots, not too long. */
export function safeSegment(text: string, fallback: string): string {
  const cleaned = text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, '_')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 80)
    .trim();
  return cleaned || fallback;
}

/** `name`, or `name (2)`, `name (3)`, ... (before a file's extension) when it is taken already. */
export function uniqueName(name: string, taken: Set<string>, { isFile = true } = {}): string {
  const dot = isFile ? name.lastIndexOf('.') : -1;
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot) : '';
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${extension}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** `attachment` with an ASCII `filename` and the full name in `filename*` (RFC 6266). */
export function zipDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export type ZipEntry = { path: string; mtime: Date; contentType: string } & (
  | { bytes: Buffer }
  | { storageKey: string; fileId: string }
);

export type ZipDeps = Pick<AppContext, 'storage' | 'log'>;

/** The entries as one ZIP stream; `what` names the archive in the log when it breaks off. */
export function streamZip(deps: ZipDeps, entries: readonly ZipEntry[], what: string): Readable {
  const zip = new ZipFile();
  /** The file being written: a download that breaks off must not leave it open (a descriptor, a connection). */
  let current: Readable | undefined;
  for (const entry of entries) {
    const options = { mtime: entry.mtime, compress: compressible(entry.contentType) };
    if ('bytes' in entry) {
      zip.addBuffer(entry.bytes, entry.path, options);
      continue;
    }
    zip.addReadStreamLazy(entry.path, options, (callback) => {
      deps.storage.get(entry.storageKey).then(
        (object) => {
          if (!object) deps.log.warn({ fileId: entry.fileId }, 'stored file has no bytes');
          current = object?.stream ?? Readable.from([]);
          callback(null, current);
        },
        (error: unknown) => callback(error as Error, undefined as never),
      );
    });
  }
  zip.end();

  // A storage failure midway cannot change the status any more: the download breaks off, visibly.
  const stream = new PassThrough();
  zip.outputStream.pipe(stream);
  stream.on('close', () => current?.destroy());
  zip.on('error', (err: Error) => {
    deps.log.warn({ err }, `${what} broke off`);
    stream.destroy(err);
  });
  return stream;
}
