import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazyResolver.ts';

type Values = { name: string };

const passing: Resolver<Values> = async (values) => ({ values, errors: {} });

describe('lazyResolver', () => {
  it('loads the real resolver once, on preload or on the first check, and hands the check to it', async () => {
    const load = vi.fn(async () => passing);
    const resolver = lazyResolver<Values, unknown, Values>(load);
    expect(load).not.toHaveBeenCalled();
    resolver.preload();
    resolver.preload();
    const result = await resolver({ name: 'Bello' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result).toEqual({ values: { name: 'Bello' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('ready() settles only after the code arrived, so a later check cannot overtake an earlier one', async () => {
    let arrive: (r: Resolver<Values>) => void = () => {};
    const resolver = lazyResolver<Values, unknown, Values>(
      () => new Promise<Resolver<Values>>((resolve) => (arrive = resolve)),
    );
    const order: string[] = [];
    // The form applies a result some promise steps after the check settles.
    const fieldCheck = Promise.resolve(
      resolver({ name: '' }, undefined, { fields: {}, shouldUseNativeValidation: false }),
    )
      .then((r) => r)
      .then((r) => r)
      .then(() => order.push('field check'));
    const ready = resolver.ready().then(() => order.push('ready'));
    await Promise.resolve();
    expect(order).toEqual([]);
    arrive(passing);
    await Promise.all([fieldCheck, ready]);
    expect(order).toEqual(['field check', 'ready']);
  });

  it('asks for the code again after a failed download, and ready() does not reject', async () => {
    const load = vi
      .fn<() => Promise<Resolver<Values>>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(passing);
    const resolver = lazyResolver<Values, unknown, Values>(load);
    await expect(resolver.ready()).resolves.toBeUndefined();
    const result = await resolver({ name: 'x' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(2);
  });
});
