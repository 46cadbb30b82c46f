import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configureZodForCsp } from './zodSettings.ts';

describe('configureZodForCsp', () => {
  it('is the setting zod itself reads: parsers are not compiled with eval', () => {
    configureZodForCsp();
    expect(z.config().jitless).toBe(true);
    // Parsing still works without the compiled fast path.
    expect(z.object({ name: z.string() }).parse({ name: 'Bello' })).toEqual({ name: 'Bello' });
  });
});
