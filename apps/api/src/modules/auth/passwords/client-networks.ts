// The networks of the hash pool's unknown attempts (hash-pool.ts): which one an address counts for, and how
// busy each has been lately, so that a flood from one network waits behind the others.

/** The network an address's unknown attempts count for: an IPv4 /16, an IPv6 /48. */
export function networkOf(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.\d+\.\d+$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}`;
  // The first three groups of the address written out, so every spelling of one /48 is one network
  // (2001:db8::1 and 2001:db8:0:1::5, 2001:0db8:: and 2001:db8::).
  const [head = '', tail] = ip.toLowerCase().split('%')[0]!.split('::');
  const front = head ? head.split(':') : [];
  const back = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? front
      : [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  const network = groups.slice(0, 3).map((group) => Number.parseInt(group || '0', 16));
  return network.some(Number.isNaN) ? ip : network.map((group) => group.toString(16)).join(':');
}

const HALF_LIFE_MS = 10_000;
/** Networks remembered at most; the quietest are forgotten first. */
const NETWORKS_KEPT = 10_000;

/** How busy each network has been lately: attempts, each weighing half as much ten seconds later. */
export function networkActivity(now: () => number) {
  const scores = new Map<string, { score: number; at: number }>();
  const decayed = (entry: { score: number; at: number }, at: number) =>
    entry.score * 2 ** (-(at - entry.at) / HALF_LIFE_MS);
  return {
    count(network: string): void {
      const at = now();
      const entry = scores.get(network);
      scores.set(network, { score: (entry ? decayed(entry, at) : 0) + 1, at });
      if (scores.size > NETWORKS_KEPT) {
        for (const [key, value] of scores) if (decayed(value, at) < 0.05) scores.delete(key);
      }
    },
    /** At one instant for every comparison, so that two attempts of one network weigh the same. */
    of(network: string, at: number): number {
      const entry = scores.get(network);
      return entry ? decayed(entry, at) : 0;
    },
  };
}
