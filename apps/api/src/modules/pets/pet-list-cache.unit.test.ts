import { describe, expect, test } from 'vitest';
import { PetListCache } from './pet-list-cache.ts';

const answer = (version: number, body = '[]') => ({ userId: 'u1', version, ends: null, body });

describe('PetListCache', () => {
  test('keys by a hash of the token, never the token itself', () => {
    const key = PetListCache.keyOf('secret-session-token');
    expect(key).not.toContain('secret');
    expect(key).toBe(PetListCache.keyOf('secret-session-token'));
    expect(key).not.toBe(PetListCache.keyOf('secret-session-token2'));
  });

  test('a newer answer replaces the older one of its session', () => {
    const cache = new PetListCache();
    cache.keep('a', answer(1));
    cache.keep('a', answer(2, '[{"id":"p"}]'));
    expect(cache.get('a')).toEqual(answer(2, '[{"id":"p"}]'));
    expect(cache.size).toBe(1);
  });

  test('a long answer is not kept, and takes the older one of its session with it', () => {
    const cache = new PetListCache();
    cache.keep('a', answer(1));
    cache.keep('a', answer(2, `[${'"x",'.repeat(3_000)}"x"]`));
    expect(cache.get('a')).toBeUndefined();
  });

  test('bounded: past 2,000 answers the least recently used goes', () => {
    const cache = new PetListCache();
    for (let i = 0; i < 2_000; i++) cache.keep(`s${i}`, answer(i));
    // s0 used again: now s1 is the least recently used.
    expect(cache.get('s0')?.version).toBe(0);
    cache.keep('new', answer(1));
    expect(cache.size).toBe(2_000);
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s0')).toBeDefined();
    expect(cache.get('new')).toBeDefined();
  });
});
