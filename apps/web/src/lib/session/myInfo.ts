import type { MyInfo } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../api/ApiError.ts';
import { apiFetch } from '../api/client.ts';
import { wipeOfflineData } from '../offline/offlineData.ts';
import { hasSessionHint } from './sessionHint.ts';

// GET /v1/auth/myinfo is the session probe: a user means signed in, a 401 means signed out (null), so the
// probe never triggers the global "401 -> sign out" handling. Without the signed-in hint (sessionHint.ts)
// there is no session to probe: signed out at once, with no request, no loader and no logged 401.

export const myInfoQueryKey = ['myinfo'] as const;

export async function fetchMyInfo(signal?: AbortSignal): Promise<MyInfo | null> {
  try {
    return await apiFetch<MyInfo>(apiPaths.myInfo, { signal, ignoreUnauthorized: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The session as the page knows it: null without the hint, else what myinfo answers. */
function probeSession(signal?: AbortSignal): Promise<MyInfo | null> {
  return hasSessionHint() ? fetchMyInfo(signal) : Promise.resolve(null);
}

export const myInfoQuery = queryOptions({
  queryKey: myInfoQueryKey,
  queryFn: ({ signal }) => probeSession(signal),
  // Known before any request: the guards render the form or redirect in the first render. Stale from the
  // start, so a later read (after a sign-in set the hint) asks again instead of keeping this null.
  initialData: () => (hasSessionHint() ? undefined : null),
  initialDataUpdatedAt: 0,
  staleTime: 30_000,
  retry: false,
});

export function useMyInfo() {
  return useQuery(myInfoQuery);
}

/** A signed-in user with a verified e-mail, the only kind the protected pages accept. */
export function isVerifiedUser(me: MyInfo | null | undefined): me is MyInfo {
  return Boolean(me?.emailVerified);
}

export function updateMyInfo(queryClient: QueryClient, patch: Partial<MyInfo>): void {
  queryClient.setQueryData<MyInfo | null>(myInfoQueryKey, (old) => (old ? { ...old, ...patch } : old));
}

/**
 * Forgets everything cached about the user, in the page and in the service worker's offline copy, and marks
 * the session as signed out. The session entry is set, not removed, so mounted guards are told at once (a
 * removed query would leave them waiting).
 */
export function forgetSession(queryClient: QueryClient): void {
  void wipeOfflineData();
  void queryClient.cancelQueries();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== myInfoQueryKey[0] });
  queryClient.setQueryData(myInfoQueryKey, null);
}
