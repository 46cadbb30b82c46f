// Where the links in account mails finally land in the web app. better-auth builds each mail link to its
// own endpoint (which checks the token); these are the pages it redirects to afterwards.

export function authLinks(publicUrl: string) {
  return {
    /** After the verification link: the sign-in page shows "e-mail confirmed". */
    afterVerification: `${publicUrl}/signin?verified=1`,
    /** After the reset link: the reset page reads `token` from the query and POSTs the new password. */
    resetPage: (email: string) => `${publicUrl}/reset-password?email=${encodeURIComponent(email)}`,
    afterMagicLink: `${publicUrl}/dashboard`,
    /** A used or expired magic link lands here with `?error=<CODE>`. */
    magicLinkError: `${publicUrl}/signin`,
  };
}

/** The URL with these query parameters set (replacing any the caller chose). */
export function withQuery(url: string, params: Record<string, string>): string {
  const result = new URL(url);
  for (const [key, value] of Object.entries(params)) result.searchParams.set(key, value);
  return result.toString();
}
