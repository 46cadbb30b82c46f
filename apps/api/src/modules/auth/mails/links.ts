import { mailLandings, paths } from '@pet/shared/paths';

// Where the links in account mails finally land in the web app. better-auth builds each mail link to its
// own endpoint (which checks the token); these are the pages it redirects to afterwards.

export function authLinks(publicUrl: string) {
  return {
    afterVerification: `${publicUrl}${mailLandings.afterVerification}`,
    resetPage: (email: string) => `${publicUrl}${mailLandings.resetPassword(email)}`,
    afterMagicLink: `${publicUrl}${mailLandings.afterMagicLink}`,
    magicLinkError: `${publicUrl}${mailLandings.magicLinkError}`,
    forgotPassword: `${publicUrl}${paths.forgotPassword}`,
  };
}

/** The URL with these query parameters set (replacing any the caller chose). */
export function withQuery(url: string, params: Record<string, string>): string {
  const result = new URL(url);
  for (const [key, value] of Object.entries(params)) result.searchParams.set(key, value);
  return result.toString();
}
