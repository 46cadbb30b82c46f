import http from 'node:http';
import { runLoad } from './load.ts';

// The sign-in flood (issue 9; issue 29 for what it must prove): wrong sign-ins at a fixed rate from rotating
// loopback source addresses (a new connection from 127.<0-63>.x.x each, so 64 networks, as an attacker's
// many addresses reach a server without a proxy in front), each address used once, so no per-address limit
// is reached, while authenticated reads run under
// autocannon. First to random addresses nobody has, then to the owner's own address. Every 2 s during each
// scenario two probes sign in with the right password: the owner from the browser it signed in from before
// (its device cookie), and another user from a fresh browser (no cookie, a network of its own each time: a new
// device). The same reads
// without a flood, measured first in the same run, are the baseline. Bounded: `seconds` per scenario.

export interface FloodOptions {
  port: number;
  token: string;
  owner: { email: string; password: string };
  other: { email: string; password: string };
  origin: string;
  connections: number;
  /** The baseline's measured seconds. */
  baselineSeconds: number;
  /** Each scenario's seconds. */
  seconds: number;
  /** Wrong sign-ins a second, one scenario pair per rate. */
  rates: number[];
}

interface Latencies {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export interface ProbeSummary {
  /** Tries, and how many signed in (200) within 2 s. */
  tries: number;
  within2s: number;
  statuses: Record<string, number>;
  max: number;
}

export interface FloodScenario {
  rate: number;
  target: 'random accounts' | "the owner's account";
  reads: { rps: number; p50: number; p99: number; errors: number };
  /** The flood's own answers by status. */
  flood: Latencies & { statuses: Record<string, number> };
  owner: ProbeSummary;
  other: ProbeSummary;
}

export interface FloodResult {
  alone: { rps: number; p50: number; p99: number; errors: number };
  scenarios: FloodScenario[];
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

interface Answer {
  status: number;
  ms: number;
  cookies: string[];
}

function signIn(
  options: FloodOptions,
  body: { email: string; password: string },
  from: string,
  cookie?: string,
): Promise<Answer> {
  return new Promise((resolve) => {
    const started = performance.now();
    const done = (status: number, cookies: string[] = []) =>
      resolve({ status, ms: performance.now() - started, cookies });
    const req = http.request(
      {
        host: '127.0.0.1',
        port: options.port,
        // Linux routes all of 127.0.0.0/8 to the loopback: any of it is a client address of its own.
        localAddress: from,
        agent: false,
        method: 'POST',
        path: '/api/auth/sign-in/email',
        headers: {
          'content-type': 'application/json',
          origin: options.origin,
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0, res.headers['set-cookie'] ?? []));
        res.on('error', () => done(0));
      },
    );
    req.setTimeout(30_000, () => req.destroy());
    req.on('error', () => done(0));
    req.end(JSON.stringify(body));
  });
}

/** The device cookie a sign-in answer set, as a Cookie header (none on a server without device cookies). */
function deviceCookie(answer: Answer): string | undefined {
  return answer.cookies.find((line) => line.startsWith('pet.device='))?.split(';')[0];
}

/**
 * A botnet's networks: 64 /16s (issue 44), taken in turn, so in a 10-a-second flood's first 6.4 s each sends
 * its first attempt, as many networks look to the server in a flood's first seconds.
 */
export const FLOOD_NETWORKS = 64;

/** 127.<0-63>.<b>.<c>: a new address for every flood sign-in, in one of FLOOD_NETWORKS networks. */
const floodAddress = (n: number) => {
  const k = Math.floor(n / FLOOD_NETWORKS);
  return `127.${n % FLOOD_NETWORKS}.${Math.floor(k / 250) % 256}.${1 + (k % 250)}`;
};

/**
 * A new device's address: a network of its own for every try (127.64-199: neither the flood's nor the owner's
 * 127.200), as a person signing in on a new phone comes from a network the server has not seen.
 */
const newDeviceAddress = (n: number) => `127.${64 + (n % 136)}.${Math.floor(n / 136) % 250}.1`;

function probes(answers: Answer[]): ProbeSummary {
  const statuses: Record<string, number> = {};
  for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
  return {
    tries: answers.length,
    within2s: answers.filter((a) => a.status === 200 && a.ms <= 2000).length,
    statuses,
    max: Math.max(0, ...answers.map((a) => a.ms)),
  };
}

let sent = 0;
let probeAddress = 0;

async function scenario(
  options: FloodOptions,
  rate: number,
  target: FloodScenario['target'],
  /** The device cookie the owner's browser was given before any flood. */
  cookie: string | undefined,
): Promise<FloodScenario> {
  const flood: Array<Promise<Answer>> = [];
  const flooder = setInterval(() => {
    const n = sent++;
    const email = target === 'random accounts' ? `nobody-${n}@example.test` : options.owner.email;
    flood.push(signIn(options, { email, password: `wrong-password-${n}` }, floodAddress(n + 1)));
  }, 1000 / rate);
  const ownerTries: Array<Promise<Answer>> = [];
  const otherTries: Array<Promise<Answer>> = [];
  // Each try from an address of its own: a per-address limit is not what is measured here.
  const prober = setInterval(() => {
    const n = probeAddress++;
    ownerTries.push(signIn(options, options.owner, `127.200.${n % 250}.${1 + (n % 250)}`, cookie));
    otherTries.push(signIn(options, options.other, newDeviceAddress(n)));
  }, 2000);
  let reads: Awaited<ReturnType<typeof runLoad>>;
  try {
    reads = await runLoad({
      url: `http://127.0.0.1:${options.port}/v1/pet`,
      headers: { authorization: `Bearer ${options.token}` },
      connections: options.connections,
      durationMs: options.seconds * 1000,
      warmupMs: 1000,
    });
  } finally {
    clearInterval(flooder);
    clearInterval(prober);
  }
  const answers = await Promise.all(flood);
  const statuses: Record<string, number> = {};
  for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
  // A pause between scenarios (the account's throttle an owner-targeted flood set off carries on: the
  // other user and the known browser are not under it).
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  return {
    rate,
    target,
    reads: { rps: reads.rps, p50: reads.p50, p99: reads.p99, errors: reads.errors },
    flood: { ...summarize(answers.map((a) => a.ms)), statuses },
    owner: probes(await Promise.all(ownerTries)),
    other: probes(await Promise.all(otherTries)),
  };
}

export async function signInFlood(options: FloodOptions): Promise<FloodResult> {
  const alone = await runLoad({
    url: `http://127.0.0.1:${options.port}/v1/pet`,
    headers: { authorization: `Bearer ${options.token}` },
    connections: options.connections,
    durationMs: options.baselineSeconds * 1000,
    warmupMs: 1000,
  });
  // The owner's browser signed in once before any flood and keeps the device cookie it was given (signing in
  // again between scenarios would meet the account's throttle the last owner-targeted flood left).
  const before = await signIn(options, options.owner, `127.200.250.${1 + (probeAddress++ % 250)}`);
  if (before.status !== 200) throw new Error(`the owner's first sign-in answered ${before.status}`);
  const cookie = deviceCookie(before);
  const scenarios: FloodScenario[] = [];
  for (const rate of options.rates) {
    for (const target of ['random accounts', "the owner's account"] as const) {
      scenarios.push(await scenario(options, rate, target, cookie));
    }
  }
  return { alone: { rps: alone.rps, p50: alone.p50, p99: alone.p99, errors: alone.errors }, scenarios };
}

export function floodLines(database: string, { alone, scenarios }: FloodResult): string[] {
  const statuses = (counts: Record<string, number>) =>
    Object.entries(counts)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ');
  const probe = (p: ProbeSummary) =>
    `${p.within2s}/${p.tries} signed in within 2 s (${statuses(p.statuses)}; max ${p.max.toFixed(0)} ms)`;
  return [
    `${database}: no flood: reads ${alone.rps.toFixed(0)} req/s, p99 ${alone.p99.toFixed(0)} ms`,
    ...scenarios.flatMap((s) => [
      `${database}: ${s.rate}/s wrong sign-ins to ${s.target}: reads ${s.reads.rps.toFixed(0)} req/s ` +
        `(${((s.reads.rps / alone.rps) * 100).toFixed(0)} %), p99 ${s.reads.p99.toFixed(0)} ms, ${s.reads.errors} errors; ` +
        `flood ${s.flood.count}: ${statuses(s.flood.statuses)}, p99 ${s.flood.p99.toFixed(0)} ms`,
      `${database}:   owner with its device cookie: ${probe(s.owner)}; another user, fresh browser: ${probe(s.other)}`,
    ]),
  ];
}
