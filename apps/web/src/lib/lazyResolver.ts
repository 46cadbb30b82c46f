import type { FieldValues, Resolver } from 'react-hook-form';

// zod and a form's schema are about 25 KiB compressed: too much for the first page a visitor opens, where
// nothing is checked before the first field is left. The sign-in and registration forms take their resolver
// through this: the code is asked for when a field first gets focus (`preload`), and the first check waits
// for it if it is not there yet.

export type LazyResolver<TInput extends FieldValues, TContext, TOutput> = Resolver<
  TInput,
  TContext,
  TOutput
> & {
  preload: () => void;
};

export function lazyResolver<TInput extends FieldValues, TContext, TOutput>(
  load: () => Promise<Resolver<TInput, TContext, TOutput>>,
): LazyResolver<TInput, TContext, TOutput> {
  let loaded: Promise<Resolver<TInput, TContext, TOutput>> | undefined;
  const get = () => {
    if (!loaded) {
      loaded = load();
      // A failed download is asked for again at the next check.
      loaded.catch(() => {
        loaded = undefined;
      });
    }
    return loaded;
  };
  const resolver: Resolver<TInput, TContext, TOutput> = async (values, context, options) =>
    (await get())(values, context, options);
  return Object.assign(resolver, { preload: () => void get().catch(() => {}) });
}
