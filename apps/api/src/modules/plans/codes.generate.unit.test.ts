import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, CODE_LENGTH, generateCode, generateCodes } from './codes.generate.ts';

describe('activation code generation', () => {
  it('uses 31 unambiguous characters: no 0/O, 1/I/L', () => {
    expect(CODE_ALPHABET).toHaveLength(31);
    for (const confusable of ['0', 'O', '1', 'I', 'L']) expect(CODE_ALPHABET).not.toContain(confusable);
  });

  it('makes codes of at least 10 characters from the alphabet only, upper-case', () => {
    expect(CODE_LENGTH).toBeGreaterThanOrEqual(10);
    for (const code of generateCodes(2000)) {
      expect(code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`));
    }
  });

  it('spreads over the whole alphabet (no modulo bias visible in 31 000 draws)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 1000; i++) {
      for (const ch of generateCode(31)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    }
    expect(counts.size).toBe(31);
    for (const n of counts.values()) {
      expect(n).toBeGreaterThan(800);
      expect(n).toBeLessThan(1200);
    }
  });

  it('gives distinct codes', () => {
    expect(new Set(generateCodes(5000)).size).toBe(5000);
  });
});
