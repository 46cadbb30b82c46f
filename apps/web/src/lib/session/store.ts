import { useSyncExternalStore } from 'react';

/** Puts every store back to its first value: what a fresh page load would give (tests, between files). */
const resets = new Set<() => void>();

export function resetStores(): void {
  for (const reset of resets) reset();
}

/** A tiny observable value for session-wide UI state that lives outside React and the query cache. */
export function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  resets.add(() => {
    value = initial;
  });
  return {
    get: () => value,
    set(next: T) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStore<T>(store: ReturnType<typeof createStore<T>>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
