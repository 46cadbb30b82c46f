import { useDeferredValue } from 'react';

/**
 * A query's data, its first arrival drawn a step later (issue 46). An answer reaches React as a store update,
 * which it renders without pausing: drawing a whole page in it held a phone's main thread for 100-260 ms (4x
 * CPU). The deferred value's render is a transition React splits. Only the first arrival waits: a later answer
 * (a refetch, another pet's data already at hand) shows at once, and no-data (another pet being fetched) too,
 * so a page never shows the data it had before.
 */
export function useFirstAnswerDeferred<T>(data: T | undefined): T | undefined {
  const arrived = useDeferredValue(data);
  return arrived === undefined ? undefined : data;
}
