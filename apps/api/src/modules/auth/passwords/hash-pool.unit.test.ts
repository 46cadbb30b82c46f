import { describe, expect, test } from 'vitest';
import { networkOf } from './client-networks.ts';
import { createHashPool, type HashLane, hashLane, isBusy, KNOWN, unknownFrom } from './hash-pool.ts';

// The hash pool's admission (issue 29, decision 0016): known attempts first and never refused for a queue full
// of unknown ones; unknown ones within a budget a second, the quietest network's first; a full queue makes
// room by refusing the busiest network's attempt, or the newcomer when its network is the busiest.

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** An attempt in `lane` that records when it starts and how it ends. */
function attempt(
  pool: ReturnType<typeof createHashPool>,
  lane: HashLane,
  name: string,
  log: string[],
  work: Promise<void> = Promise.resolve(),
) {
  return hashLane
    .run(lane, () =>
      pool.run(async () => {
        log.push(name);
        await work;
      }),
    )
    .then(
      () => 'done',
      (error: { statusCode?: number }) => `refused ${error.statusCode}`,
    );
}

describe('createHashPool', () => {
  test('known first; then the quietest network; a full queue refuses the busiest network’s attempt', async () => {
    const pool = createHashPool({ concurrency: 1, queue: 2, unknownPerSecond: 100 });
    const log: string[] = [];
    const slot = gate();
    const holder = pool.run(() => slot.opened);
    const a = unknownFrom('203.0.113.7');
    const a1 = attempt(pool, a, 'a1', log);
    const a2 = attempt(pool, a, 'a2', log);
    // The queue is full, and network a is the busiest: its third attempt is refused.
    expect(await attempt(pool, unknownFrom('203.0.9.9'), 'a3', log)).toBe('refused 503');
    // One from a quiet network makes room: a's newest waiting attempt is refused.
    const b1 = attempt(pool, unknownFrom('198.51.100.9'), 'b1', log);
    expect(await a2).toBe('refused 503');
    // A known attempt gets a place whatever the queue holds.
    const k1 = attempt(pool, KNOWN, 'k1', log);
    expect(pool.waiting).toBe(3);

    slot.open();
    await holder;
    expect(await Promise.all([k1, b1, a1])).toEqual(['done', 'done', 'done']);
    expect(log).toEqual(['k1', 'b1', 'a1']);
    expect(pool.running).toBe(0);
    expect(pool.waiting).toBe(0);
  });

  test('a flood from one network does not hold back another network’s attempt', async () => {
    const pool = createHashPool({ concurrency: 1, queue: 10, unknownPerSecond: 100 });
    const log: string[] = [];
    const slot = gate();
    const holder = pool.run(() => slot.opened);
    const flood = Array.from({ length: 6 }, (_, i) =>
      attempt(pool, unknownFrom(`10.1.0.${i}`), `f${i}`, log),
    );
    const user = attempt(pool, unknownFrom('192.0.2.1'), 'user', log);
    slot.open();
    await Promise.all([holder, user, ...flood]);
    expect(log[0]).toBe('user');
  });

  test('unknown attempts start within a budget a second; known ones do not wait for it', async () => {
    const pool = createHashPool({ concurrency: 4, queue: 10, unknownPerSecond: 2 });
    const log: string[] = [];
    const slot = gate();
    const unknown = Array.from({ length: 3 }, (_, i) =>
      attempt(pool, unknownFrom(`10.${i}.0.1`), `u${i}`, log, slot.opened),
    );
    const known = attempt(pool, KNOWN, 'k', log, slot.opened);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A burst of two, the known one besides; the third waits for the next token (half a second).
    expect(log.sort()).toEqual(['k', 'u0', 'u1']);
    await expect.poll(() => log.length, { timeout: 2_000 }).toBe(4);
    slot.open();
    expect(await Promise.all([...unknown, known])).toEqual(['done', 'done', 'done', 'done']);
  });

  test('runs at most `concurrency` at once, and a queue of 0 refuses at once', async () => {
    const pool = createHashPool({ concurrency: 2, queue: 0 });
    const slot = gate();
    const held = [pool.run(() => slot.opened), pool.run(() => slot.opened)];
    expect(pool.running).toBe(2);
    expect(await attempt(pool, unknownFrom('192.0.2.5'), 'x', [])).toBe('refused 503');
    const known = attempt(pool, KNOWN, 'k', []);
    expect(pool.waiting).toBe(1);
    slot.open();
    await Promise.all(held);
    expect(await known).toBe('done');
  });
});

/**
 * Issue 44: a botnet spread over 64 networks, 10 wrong sign-ins a second, in the flood's first seconds, when
 * each of its networks has sent one attempt, as a new device's network has. Nothing tells them apart: the
 * first come keeps its place. A new device that found room waits for its turn, and the botnet's next networks
 * cannot take that place; once the botnet's networks come again they rank busier than the device's.
 */
function floodOver64Networks(address: (network: number, n: number) => string) {
  let clock = 0;
  const pool = createHashPool({ concurrency: 1, queue: 4, unknownPerSecond: 5, now: () => clock });
  const slot = gate();
  // Hashing is busy: what arrives waits in the queue or is refused.
  const holder = pool.run(() => slot.opened);
  const log: string[] = [];
  const flood: Promise<string>[] = [];
  let n = 0;
  const send = (count: number) => {
    for (const end = n + count; n < end; n += 1) {
      clock = n * 100;
      flood.push(attempt(pool, unknownFrom(address(n % 64, n)), `f${n}`, log));
    }
  };
  return {
    pool,
    log,
    flood,
    send,
    at: (ms: number) => {
      clock = ms;
    },
    /** Hashing goes on, with the budget refilled. */
    async drain() {
      clock = 600_000;
      slot.open();
      await holder;
      return Promise.all(flood);
    },
  };
}

describe('a flood over many networks, in its first seconds (issue 44)', () => {
  test.each([
    ['IPv4 /16s', (network: number, n: number) => `10.${network}.${n % 250}.${1 + n}`, '192.0.2.44'],
    [
      'IPv6 /48s',
      (network: number, n: number) => `2001:db8:${network.toString(16)}::${(n + 1).toString(16)}`,
      '2a00:1450:4001:81c::200e',
    ],
  ])(
    "%s: a new device that found room keeps its place against the botnet's next networks",
    async (_, address, deviceIp) => {
      const flood = floodOver64Networks(address);
      flood.send(3);
      flood.at(250);
      const device = attempt(flood.pool, unknownFrom(deviceIp), 'device', flood.log);
      expect(flood.pool.waiting).toBe(4);
      // Two more seconds of the flood, every attempt from a network of the 64 not seen yet: refused, the queue kept.
      flood.send(20);
      const answers = await flood.drain();
      expect(await device).toBe('done');
      expect(flood.log).toContain('device');
      expect(answers.filter((answer) => answer === 'refused 503')).toHaveLength(20);
    },
  );

  test('once the botnet comes back from the networks it used, a new device takes a place from it', async () => {
    const flood = floodOver64Networks((network, n) => `10.${network % 4}.${n % 250}.${1 + n}`);
    // Four networks: each has sent several attempts by now.
    flood.send(12);
    expect(flood.pool.waiting).toBe(4);
    const device = attempt(flood.pool, unknownFrom('192.0.2.45'), 'device', flood.log);
    expect(flood.pool.waiting).toBe(4);
    await flood.drain();
    expect(await device).toBe('done');
  });
});

describe('a place taken at the door (HashPool.enter)', () => {
  test('refused at once when the queue is full and its network is the busiest; a quieter one gets in', async () => {
    const pool = createHashPool({ concurrency: 1, queue: 2, unknownPerSecond: 100 });
    const slot = gate();
    const holder = pool.run(() => slot.opened);
    const flood = unknownFrom('10.1.0.1');
    const places = [pool.enter(flood), pool.enter(flood)];
    expect(pool.waiting).toBe(2);
    let refusal: unknown;
    try {
      pool.enter(unknownFrom('10.1.7.7'));
    } catch (error) {
      refusal = error;
    }
    expect(isBusy(refusal)).toBe(true);
    // Another network's attempt takes the busiest one's place: that place's request learns it when it hashes.
    const user = pool.enter(unknownFrom('192.0.2.8'));
    expect(pool.waiting).toBe(2);
    const log: string[] = [];
    const evicted = hashLane.run(places[1]!.lane, () => pool.run(async () => log.push('evicted')));
    await expect(evicted).rejects.toSatisfy(isBusy);

    slot.open();
    await holder;
    // The user's request comes to hash later (its other work done): its place has waited for it.
    await hashLane.run(user.lane, () => pool.run(async () => log.push('user')));
    await hashLane.run(places[0]!.lane, () => pool.run(async () => log.push('flood')));
    expect(log).toEqual(['user', 'flood']);
    for (const place of [...places, user]) place.leave();
    expect(pool.running).toBe(0);
    expect(pool.waiting).toBe(0);
  });

  test('a place whose request never hashes is given up, waiting or started', async () => {
    const pool = createHashPool({ concurrency: 1, queue: 4, unknownPerSecond: 100 });
    // Started at once (nobody waits): it holds the one slot until it is left.
    const started = pool.enter(unknownFrom('203.0.113.1'));
    expect(pool.running).toBe(1);
    const waiting = pool.enter(unknownFrom('198.51.100.1'));
    expect(pool.waiting).toBe(1);
    waiting.leave();
    expect(pool.waiting).toBe(0);
    started.leave();
    expect(pool.running).toBe(0);
    // Leaving twice, or after the hash, changes nothing.
    started.leave();
    const used = pool.enter(unknownFrom('203.0.113.2'));
    await hashLane.run(used.lane, () => pool.run(async () => {}));
    used.leave();
    expect(pool.running).toBe(0);
    // A second hash of the same request (a rehash after sign-in) takes a place of its own.
    const twice = pool.enter(unknownFrom('203.0.113.3'));
    await hashLane.run(twice.lane, async () => {
      await pool.run(async () => {});
      await pool.run(async () => {});
    });
    twice.leave();
    expect(pool.running).toBe(0);
    expect(pool.waiting).toBe(0);
  });
});

describe('networkOf', () => {
  test('an IPv4 /16 (also IPv4-mapped), an IPv6 /48', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0');
    expect(networkOf('::ffff:203.0.200.1')).toBe('203.0');
    expect(networkOf('2001:db8:1234:5678::1')).toBe('2001:db8:1234');
    // Every spelling of one /48 is one network.
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0');
    expect(networkOf('2001:db8:0:1::5')).toBe('2001:db8:0');
    expect(networkOf('2001:0DB8:0000::7')).toBe('2001:db8:0');
    expect(networkOf('2001:db8:12::')).toBe('2001:db8:12');
    expect(networkOf('::1')).toBe('0:0:0');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0');
  });
});
