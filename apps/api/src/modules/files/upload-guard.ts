import { Transform } from 'node:stream';
import { payloadTooLarge, unsupportedMediaType } from '../../lib/errors.ts';

// The gate every upload streams through on its way to storage: it holds back the first bytes until their
// type is decided (never by the file's name or the type the client declared), optionally checks every later
// byte too (text must stay text), and fails the stream with 415 for a refused file and 413 past the limit.

/** A check of the bytes after the head (the head included), for types that no signature proves. */
export interface ContentCheck {
  /** False refuses the file. */
  push(chunk: Buffer): boolean;
  /** At the end of the file: false refuses it. */
  end(): boolean;
}

export interface Sniffed<T> {
  type: T;
  rest?: ContentCheck;
}

/** Decides from the head (shorter than asked only when the file is): the type, or null to refuse it. */
export type Sniff<T> = (head: Buffer) => Sniffed<T> | null | Promise<Sniffed<T> | null>;

export interface TypeGuard<T> extends Transform {
  /** Set once the head was accepted. */
  readonly detected: T | null;
}

export function typeGuard<T>(maxBytes: number, headBytes: number, sniff: Sniff<T>): TypeGuard<T> {
  let head: Buffer | null = Buffer.alloc(0);
  let total = 0;
  let detected: T | null = null;
  let rest: ContentCheck | undefined;

  const decide = async (bytes: Buffer): Promise<void> => {
    // Bytes a detector cannot even parse (a broken container) are no file of an accepted type.
    const sniffed = await (async () => sniff(bytes))().catch(() => null);
    if (!sniffed || (sniffed.rest && !sniffed.rest.push(bytes))) throw unsupportedMediaType();
    detected = sniffed.type;
    rest = sniffed.rest;
  };

  const guard = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total > maxBytes) return callback(payloadTooLarge());
      if (head === null) return callback(rest && !rest.push(chunk) ? unsupportedMediaType() : null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < headBytes) return callback();
      const pending = head;
      head = null;
      decide(pending).then(
        () => callback(null, pending),
        (error: unknown) => callback(error as Error),
      );
    },
    flush(callback) {
      const finish = () => callback(rest && !rest.end() ? unsupportedMediaType() : null);
      if (head === null) return finish();
      // A file shorter than the head: judge what there is.
      const pending = head;
      head = null;
      decide(pending).then(
        () => {
          this.push(pending);
          finish();
        },
        (error: unknown) => callback(error as Error),
      );
    },
  });
  return Object.defineProperty(guard, 'detected', { get: () => detected }) as TypeGuard<T>;
}
