/**
 * A token bucket of `rate` tokens a second, holding at most `rate` (a burst of as many), full at the start:
 * the hash pool's budget of unknown attempts (hash-pool.ts).
 */
export function tokenBucket(rate: number, now: () => number) {
  let tokens = rate;
  let filledAt = now();
  const refill = () => {
    const at = now();
    tokens = Math.min(rate, tokens + ((at - filledAt) / 1000) * rate);
    filledAt = at;
  };
  return {
    /** Takes a token if one is there. */
    take(): boolean {
      refill();
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
    /** Milliseconds until the next whole token, as of the last `take`. */
    msToNextToken(): number {
      return Math.ceil(((1 - tokens) / rate) * 1000);
    },
  };
}
