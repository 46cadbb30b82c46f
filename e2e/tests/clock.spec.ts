// The runner, the portal and the browser tell the same time: the journeys type dates the runner computes
// (displayDate) into forms the browser checks and the portal checks again. On a run with a moved clock
// (scripts/e2e-on-days.ts) this proves that all three moved together.
import { expect, test } from '../fixtures/index.ts';

const TOLERANCE_MS = 60_000;

test('the runner, the portal and the browser agree on the date and time', async ({ page }) => {
  const runner = Date.now();
  const response = await page.goto('/signin');
  // Node's HTTP server stamps every answer with its clock (to the second).
  const portal = Date.parse(response?.headers().date ?? '');
  const browser = await page.evaluate(() => Date.now());
  expect(Math.abs(portal - runner), `portal ${new Date(portal).toISOString()}`).toBeLessThan(TOLERANCE_MS);
  expect(Math.abs(browser - runner), `browser ${new Date(browser).toISOString()}`).toBeLessThan(TOLERANCE_MS);
});
