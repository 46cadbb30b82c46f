import autocannon from 'autocannon';

// The load of the benchmark: autocannon with keep-alive connections on loopback, a warm-up that is not
// counted (JIT, connection pools, the first queries), then a fixed measured time. Its own event loop is the
// bench runner's, not the server's (bench/server.ts runs in a child process).

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  /** A JSON body, sent with every request. */
  body?: unknown;
  connections: number;
  /** Measured time, after the warm-up. */
  durationMs: number;
  warmupMs: number;
}

export interface LoadResult {
  requests: number;
  /** Connection errors, timeouts and answers other than 2xx. */
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  mean: number;
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  if (new URL(options.url).hostname !== '127.0.0.1') throw new Error('the load only goes to 127.0.0.1');
  const json = options.body === undefined ? {} : { 'content-type': 'application/json' };
  const common = {
    url: options.url,
    // As a browser asks: the answers' compression (plugins/compression.ts) is part of what is measured.
    headers: { 'accept-encoding': 'gzip, deflate, br', ...json, ...options.headers },
    connections: options.connections,
    method: options.method ?? 'GET',
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  };
  await run({ ...common, duration: Math.max(1, Math.round(options.warmupMs / 1000)) });
  const result = await run({ ...common, duration: Math.max(1, Math.round(options.durationMs / 1000)) });
  return {
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
    seconds: result.duration,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.mean,
  };
}
