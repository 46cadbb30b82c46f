import http from 'node:http';
import { runLoad } from './load.ts';

// The sign-in flood (issue 9, found 4): 10 sign-ins a second from rotating client addresses (X-Forwarded-For;
// the bench server trusts the proxy header), each address under its own limit, while authenticated reads
// run under autocannon and one client downloads a picture again and again. The same reads and downloads
// without the flood, measured first in the same run, are the baseline. Nine in ten sign-ins guess a wrong
// password for an address nobody has; the tenth is the bench owner signing in with the right password.

export interface FloodOptions {
  port: number;
  token: string;
  email: string;
  password: string;
  pictureUrl: string;
  origin: string;
  connections: number;
  seconds: number;
  /** Sign-ins a second. */
  rate: number;
}

interface Latencies {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export interface SignInSummary extends Latencies {
  /** Answers by status (0: no answer within the client's 30 s). */
  statuses: Record<string, number>;
  /** The owner's own sign-ins with the right password, by status. */
  ownerStatuses: Record<string, number>;
  /** Sign-ins not answered with 200, 401, 429 or 503 within 2 s. */
  late: number;
}

export interface FloodPhase {
  reads: { rps: number; p50: number; p99: number; errors: number };
  pictures: Latencies & { errors: number };
}

export interface FloodResult {
  alone: FloodPhase;
  flood: FloodPhase & { signIns: SignInSummary };
  /** Sign-ins still unanswered when the flood stopped, and how long the last one took to answer after that. */
  drainSeconds: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summarize(values: number[]): Latencies {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
  };
}

function timed(
  options: http.RequestOptions,
  body?: string,
  timeoutMs = 30_000,
): Promise<{ status: number; ms: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const done = (status: number) => resolve({ status, ms: performance.now() - started });
    const req = http.request({ host: '127.0.0.1', agent: false, ...options }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
      res.on('error', () => done(0));
    });
    req.setTimeout(timeoutMs, () => req.destroy());
    req.on('error', () => done(0));
    req.end(body);
  });
}

/** One client downloading the picture in a loop until `stop` says so. */
async function downloadLoop(options: FloodOptions, stop: () => boolean): Promise<FloodPhase['pictures']> {
  const times: number[] = [];
  let errors = 0;
  while (!stop()) {
    const { status, ms } = await timed({
      port: options.port,
      path: options.pictureUrl,
      headers: { authorization: `Bearer ${options.token}` },
    });
    if (status === 200) times.push(ms);
    else errors += 1;
  }
  return { ...summarize(times), errors };
}

async function readsWithPictures(options: FloodOptions): Promise<FloodPhase> {
  let stopped = false;
  const pictures = downloadLoop(options, () => stopped);
  const reads = await runLoad({
    url: `http://127.0.0.1:${options.port}/v1/pet`,
    headers: { authorization: `Bearer ${options.token}` },
    connections: options.connections,
    durationMs: options.seconds * 1000,
    warmupMs: 1000,
  });
  stopped = true;
  return {
    reads: { rps: reads.rps, p50: reads.p50, p99: reads.p99, errors: reads.errors },
    pictures: await pictures,
  };
}

/** 10.<a>.<b>.<c>: a new address for every sign-in, so no per-address limit is ever reached. */
function address(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export async function signInFlood(options: FloodOptions): Promise<FloodResult> {
  const alone = await readsWithPictures(options);

  const answers: Array<Promise<{ status: number; ms: number; owner: boolean }>> = [];
  let sent = 0;
  const flooder = setInterval(() => {
    const owner = sent % 10 === 9;
    const body = JSON.stringify(
      owner
        ? { email: options.email, password: options.password }
        : { email: `nobody-${sent}@example.test`, password: `wrong-password-${sent}` },
    );
    answers.push(
      timed(
        {
          port: options.port,
          method: 'POST',
          path: '/api/auth/sign-in/email',
          headers: {
            'content-type': 'application/json',
            origin: options.origin,
            'x-forwarded-for': address(sent + 1),
          },
        },
        body,
      ).then((answer) => ({ ...answer, owner })),
    );
    sent += 1;
  }, 1000 / options.rate);
  let phase: FloodPhase;
  try {
    phase = await readsWithPictures(options);
  } finally {
    clearInterval(flooder);
  }
  const floodEnded = performance.now();
  const settled = await Promise.all(answers);
  const drainSeconds = (performance.now() - floodEnded) / 1000;

  const statuses: Record<string, number> = {};
  const ownerStatuses: Record<string, number> = {};
  for (const { status, owner } of settled) {
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (owner) ownerStatuses[status] = (ownerStatuses[status] ?? 0) + 1;
  }
  const late = settled.filter(({ status, ms }) => ms > 2000 || ![200, 401, 429, 503].includes(status)).length;
  return {
    alone,
    flood: {
      ...phase,
      signIns: { ...summarize(settled.map((a) => a.ms)), statuses, ownerStatuses, late },
    },
    drainSeconds,
  };
}
