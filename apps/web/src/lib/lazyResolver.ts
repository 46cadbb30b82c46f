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
  /** Settles once the code is there (or failed) and the checks under way have been applied: code that sets
   * an error beside a pending field check (a server's answer) awaits this first, so that check cannot land
   * after it and wipe the error. */
  ready: () => Promise<void>;
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
  // Checks under way: ready() waits for them too.
  const running = new Set<Promise<unknown>>();
  const resolver: Resolver<TInput, TContext, TOutput> = (values, context, options) => {
    const check = get().then((real) => real(values, context, options));
    running.add(check);
    const forget = () => running.delete(check);
    check.then(forget, forget);
    return check;
  };
  // A failed download is asked for again by the next check; neither waiting for it nor starting it rejects.
  const fetched = () => get().catch(() => {});
  const ready = async () => {
    await fetched();
    await Promise.allSettled([...running]);
    // The form applies a check's result a few promise steps after it settles; a macrotask comes after all
    // of them.
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  // The form calls this on every focus: it only starts the download (ready() would add a timer each time).
  const preload = () => void fetched();
  return Object.assign(resolver, { preload, ready });
}
