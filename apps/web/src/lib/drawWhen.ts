import { startTransition, useEffect, useState } from 'react';

// When a part is drawn, for parts a page does not need in its first render (issue 46): one module, which the
// sign-in form's chunk brings, so the frame and the pages share it without a file of their own.

/**
 * True from the first render where `value` is true on: a dialog loaded on demand stays mounted after it
 * closes, so its closing transition runs and a second opening needs no download.
 */
export function useEverTrue(value: boolean): boolean {
  const [ever, setEver] = useState(value);
  if (value && !ever) setEver(true);
  return ever || value;
}

/**
 * False in a component's first render, true soon after: set by an effect, in a transition, which React renders
 * in slices. For parts that update themselves while React commits them (a portal's host, a menu's anchor
 * node): such an update is synchronous, and in a page's first commit it made React run every effect of the
 * page and render again inside the first render's task (80-120 ms of a phone's main thread, issue 46).
 */
export function useAfterFirstPaint(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => startTransition(() => setAfter(true)), []);
  return after;
}
