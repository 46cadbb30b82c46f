import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone, warmBrowserTimeZone } from './timeZone.ts';

const real = new Intl.DateTimeFormat().resolvedOptions();
const zone = (timeZone: string) =>
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ ...real, timeZone });

afterEach(() => vi.restoreAllMocks());

describe('browser time zone', () => {
  it('asks the browser once while the clock keeps its offset, and again when the offset changes', () => {
    const asked = zone('Europe/Berlin');
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-60);
    expect(browserTimeZone()).toBe('Europe/Berlin');
    expect(browserTimeZone()).toBe('Europe/Berlin');
    expect(asked).toHaveBeenCalledTimes(1);

    // The phone travelled: another offset, another zone.
    zone('America/New_York');
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(300);
    expect(browserTimeZone()).toBe('America/New_York');
  });

  it('answers nothing for a zone the server would refuse (an offset, not a name)', () => {
    zone('+05:30');
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-330);
    expect(browserTimeZone()).toBeUndefined();
  });

  it('warms the answer in idle time, so the first render finds it', async () => {
    const asked = zone('Asia/Tokyo');
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-540);
    warmBrowserTimeZone();
    expect(asked).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(asked).toHaveBeenCalledTimes(1));
    expect(browserTimeZone()).toBe('Asia/Tokyo');
    expect(asked).toHaveBeenCalledTimes(1);
  });
});
