import { isZoneName } from '@pet/shared/domain/dates';

/**
 * The browser's IANA zone: reminders go out at the entered time where the user is (DESIGN.md). Undefined
 * when the browser reports none the server accepts (an offset rather than a zone name): it then keeps the
 * stored zone or uses its default. The browser's own zone exists, so only its shape is checked: making a
 * formatter to test it cost a phone about 25 ms in the dashboard's first render (issue 46).
 *
 * Asking the browser is the first formatter of a page: 80 ms of a phone's main thread (CPU profile, 4x) while
 * it loads its zone data. So the answer is kept while the clock's offset from UTC stays the same (a phone
 * that travels to another zone with the portal open is asked again), and `warmBrowserTimeZone` asks in idle
 * time while a page's chunks load, rather than in the middle of its first render.
 */
export function browserTimeZone(): string | undefined {
  const offset = new Date().getTimezoneOffset();
  if (known?.offset !== offset) known = { offset, zone: askBrowserTimeZone() };
  return known.zone;
}

let known: { offset: number; zone: string | undefined } | undefined;

function askBrowserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isZoneName(zone) ? zone : undefined;
  } catch {
    return undefined;
  }
}

/** Asks for the browser's zone when the main thread is idle (see browserTimeZone). */
export function warmBrowserTimeZone(): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => browserTimeZone());
  else setTimeout(() => browserTimeZone(), 0);
}

/** Tests change the browser's zone between cases. */
export function forgetBrowserTimeZone(): void {
  known = undefined;
}
