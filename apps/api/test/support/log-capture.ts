import { Writable } from 'node:stream';

// The app's log lines, kept in memory for a test to read (useTestApp({ logStream, env: { LOG_LEVEL } })).

export interface CapturedLog {
  stream: Writable;
  /** Everything written since the last clear, one JSON line per entry. */
  text(): string;
  clear(): void;
}

export function capturedLog(): CapturedLog {
  let lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return {
    stream,
    text: () => lines.join(''),
    clear: () => {
      lines = [];
    },
  };
}
