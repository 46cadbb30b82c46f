import { describe, expect, it } from 'vitest';
import { safeContinueUrl, signinUrl } from './continueUrl.ts';

describe('continue urls', () => {
  it('a continueUrl must stay on this site', () => {
    expect(safeContinueUrl('/my-account/bills?tokenA=x')).toBe('/my-account/bills?tokenA=x');
    expect(safeContinueUrl('//evil.example')).toBeNull();
    expect(safeContinueUrl('/\\evil.example')).toBeNull();
    expect(safeContinueUrl('https://evil.example')).toBeNull();
    expect(safeContinueUrl(null)).toBeNull();
  });

  it('signinUrl carries the page to return to, except the start page', () => {
    expect(signinUrl('/dashboard/my-pets?x=1')).toBe('/signin?continueUrl=%2Fdashboard%2Fmy-pets%3Fx%3D1');
    expect(signinUrl('/')).toBe('/signin');
  });
});
