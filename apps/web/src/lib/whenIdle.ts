/** Runs `work` when the browser is idle (within `timeout` ms all the same); a second later where idle time is unknown. */
export function whenIdle(work: () => void, timeout = 5000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout });
  else setTimeout(work, 1000);
}
