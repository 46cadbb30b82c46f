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

/**
 * Where the verification link lands: the sign-in page, and from there on to the household invitation the
 * person registered for (issue 45) when sign-up asked for that. Any other callback better-auth was given (a
 * caller's own, through its public resend route) is replaced: the link never leads off the sign-in page.
 */
export function verificationLanding(links: ReturnType<typeof authLinks>, url: string): string {
  const asked = new URL(url).searchParams.get('callbackURL');
  if (!asked?.startsWith(`${links.afterVerification}&continueUrl=`)) return links.afterVerification;
  const continueUrl = new URL(asked).searchParams.get('continueUrl') ?? '';
  return continueUrl.startsWith(`${paths.householdAccept}?token=`)
    ? `${links.afterVerification}&continueUrl=${encodeURIComponent(continueUrl)}`
    : links.afterVerification;
}
