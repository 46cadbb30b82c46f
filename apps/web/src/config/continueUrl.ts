import { paths } from '@pet/shared/paths';

// The page to return to after sign-in, carried in the query (?continueUrl=).

/**
 * A continueUrl from the query is only followed when it stays on this site: a path starting with one slash
 * (not `//host` or `/\host`, which browsers treat as another origin).
 */
export function safeContinueUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  return raw;
}

export function signinUrl(continueUrl?: string): string {
  if (!continueUrl || continueUrl === paths.home) return paths.signin;
  return `${paths.signin}?continueUrl=${encodeURIComponent(continueUrl)}`;
}
