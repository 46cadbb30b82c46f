/**
 * Knows whether the primary pointer is pressed right now, and holds work back until it is released and the
 * click it makes has been dispatched. A press that moves focus blurs the field that had it; if that blur
 * showed or removed the field's message at once, everything below would move while the button is held and
 * the release (hence the click) would land beside the button (issue 17, decision 0005).
 *
 * Listened to on the document in the capture phase, so no component can hide a press from it.
 */

let pressed = false;
let held: Array<() => void> = [];
/** The document whose presses are watched (a test environment, or a reload in development, brings a new one). */
let watched: Document | null = null;

function release() {
  if (!pressed) return;
  // The browser dispatches the click in the same task as the pointerup (mouse) or right after it: run the
  // held work in the next task, once the click's handlers have run and the page has the click's outcome.
  setTimeout(() => {
    pressed = false;
    const work = held;
    held = [];
    for (const run of work) run();
  }, 0);
}

function press(event: PointerEvent) {
  // Only the press that clicks: the primary pointer's main button (a right click or a second finger does not).
  if (event.isPrimary === false || event.button !== 0) return;
  pressed = true;
}

/** Starts watching the document's pointer (once per page; a no-op when called again or without a DOM). */
export function watchPointerPresses(): void {
  if (typeof document === 'undefined' || watched === document) return;
  watched = document;
  pressed = false;
  held = [];
  document.addEventListener('pointerdown', press, true);
  document.addEventListener('pointerup', release, true);
  // A press that ends without a pointerup (a drag taken over by the browser, the window losing focus) must
  // not hold the work forever.
  document.addEventListener('pointercancel', release, true);
  window.addEventListener('blur', release);
}

/** Runs `work` now, or, while the primary pointer is pressed, after its release and click. */
export function afterPointerRelease(work: () => void): void {
  if (pressed) held.push(work);
  else work();
}
