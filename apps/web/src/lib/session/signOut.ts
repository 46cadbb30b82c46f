import { apiPaths } from '@pet/shared/paths';
import type { QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api/client.ts';
import { clearEmbeddedToken } from './embedded.ts';
import { forgetSession } from './myInfo.ts';
import { createStore } from './store.ts';
import { setSignInPending } from './visibility.ts';

// Where the protected area sends the user once the session is gone. A deliberate sign-out goes to plain
// /signin (no continueUrl back into the page just left); a lost session keeps the way back.
const redirectAfterSignOut = createStore<string | null>(null);

export function signOutRedirect(): string | null {
  return redirectAfterSignOut.get();
}

export function clearSignOutRedirect(): void {
  redirectAfterSignOut.set(null);
}

/** Ends the session on the server (best effort) and forgets everything cached about the user. */
export async function signOut(
  queryClient: QueryClient,
  options: { redirectTo?: string } = {},
): Promise<void> {
  redirectAfterSignOut.set(options.redirectTo ?? null);
  try {
    await apiFetch(apiPaths.signOut, { method: 'POST', body: {} });
  } catch {
    // Already signed out or offline: the local state is cleared either way.
  }
  clearEmbeddedToken();
  setSignInPending(false);
  forgetSession(queryClient);
}
