import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/support/test-app.ts';

// helmet's upgrade-insecure-requests (CSP) and Strict-Transport-Security (app.ts) only where the portal is
// reached over https: on a plain-http portal they would send the browser to an https nothing answers.

const cspDirectives = (header: unknown) =>
  String(header)
    .split(';')
    .map((d) => d.trim());

describe('PUBLIC_URL http', () => {
  const t = useTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });

  test('no upgrade-insecure-requests, no HSTS; the rest of the CSP as before', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = cspDirectives(response.headers['content-security-policy']);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('PUBLIC_URL https', () => {
  const t = useTestApp({ env: { PUBLIC_URL: 'https://pets.example.org' } });

  test('upgrade-insecure-requests and HSTS', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = cspDirectives(response.headers['content-security-policy']);
    expect(csp).toContain('upgrade-insecure-requests');
    expect(csp).toContain("default-src 'self'");
    expect(response.headers['strict-transport-security']).toMatch(/^max-age=31536000/);
  });
});
