import { SESSION_HINT_COOKIE } from '@pet/shared/constants';

// The signed-in hint (docs/decisions/0013-signed-in-hint-cookie.md): the API sets `pet.signed_in` whenever it
// sets the HttpOnly session cookie and clears it with it (and on a 401), so the page can tell "certainly
// signed out" without asking GET /v1/auth/myinfo, whose 401 the browser would log as a console error. Only the
// server writes it; its presence means "ask", never "signed in".

export function hasSessionHint(): boolean {
  return document.cookie.split(';').some((pair) => pair.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}
