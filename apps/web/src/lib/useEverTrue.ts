import { useState } from 'react';

/**
 * True from the first render where `value` is true on: a dialog loaded on demand stays mounted after it
 * closes, so its closing transition runs and a second opening needs no download.
 */
export function useEverTrue(value: boolean): boolean {
  const [ever, setEver] = useState(value);
  if (value && !ever) setEver(true);
  return ever || value;
}
