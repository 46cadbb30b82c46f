import http from 'node:http';

// A small, bounded HTTP load generator for the benchmark (autocannon is not a dependency): a fixed number
// of keep-alive connections on loopback, each sending its next request when the previous answer has been
// read, for a fixed time and at most a fixed number of requests.

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  /** Measured time, after the warm-up. */
  durationMs: number;
  warmupMs: number;
  /** Hard cap, whatever the time. */
  maxRequests: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  mean: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function once(agent: http.Agent, url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.url);
  if (url.hostname !== '127.0.0.1') throw new Error('the load generator only talks to 127.0.0.1');
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  let measuring = false;
  let stopped = false;

  const worker = async () => {
    while (!stopped && sent < options.maxRequests) {
      sent += 1;
      const started = performance.now();
      try {
        const status = await once(agent, url, options.headers ?? {});
        if (measuring && !stopped) {
          latencies.push(performance.now() - started);
          if (status !== 200) errors += 1;
        }
      } catch {
        if (measuring) errors += 1;
      }
    }
  };

  const workers = Array.from({ length: options.connections }, worker);
  await new Promise((resolve) => setTimeout(resolve, options.warmupMs));
  measuring = true;
  const begin = performance.now();
  await new Promise((resolve) => setTimeout(resolve, options.durationMs));
  stopped = true;
  const seconds = (performance.now() - begin) / 1000;
  await Promise.all(workers);
  agent.destroy();

  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    mean: sorted.reduce((s, v) => s + v, 0) / (sorted.length || 1),
  };
}
