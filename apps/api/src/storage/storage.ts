import type { Readable } from 'node:stream';

// Where uploaded bytes live. The API only knows this interface: the local disk (local.ts) or an
// S3-compatible bucket (s3.ts), chosen by configuration (plugin.ts). Keys are relative paths of safe segments
// ("users/<user id>/pets/<pet id>/<file id>.jpg"); a folder of keys is a prefix ending in "/".

export interface PutOptions {
  contentType: string;
}

export interface StoredObject {
  stream: Readable;
  size: number;
}

export interface Storage {
  /**
   * Streams `body` to `key`. The object appears whole or not at all: if the body stream fails (too large,
   * wrong type, client gone), nothing is left under the key and the error is rethrown.
   */
  put(key: string, body: Readable, options: PutOptions): Promise<{ size: number }>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (a folder: ends with "/"). */
  deletePrefix(prefix: string): Promise<void>;
  /** Resolves while the store answers and may be written (/readyz); rejects, saying why, when not. */
  check(): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Keys are built by the API from ids; this refuses anything that could leave the storage root. */
export function assertSafeKey(key: string, { prefix = false } = {}): void {
  const body = prefix ? key.replace(/\/$/, '') : key;
  const segments = body.split('/');
  if (
    body.length === 0 ||
    key.length > 512 ||
    (prefix && !key.endsWith('/')) ||
    segments.some((s) => !SEGMENT.test(s) || s.includes('..'))
  ) {
    throw new Error('invalid storage key');
  }
}
