import type { Env } from '../../../config/env.ts';

/** The same address by its other loopback name: a browser may show the dev server as either. */
function loopbackTwin(origin: string): string | undefined {
  const url = new URL(origin);
  if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
  else if (url.hostname === '127.0.0.1') url.hostname = 'localhost';
  else return undefined;
  return url.origin;
}

/**
 * Origins whose pages may call the API with the session cookie: the portal itself and, under `npm run dev`
 * only, the Vite dev server (it proxies /api and /v1 but the browser still sends its own Origin). The dev
 * server is named by DEV_WEB_ORIGIN, which scripts/dev.ts sets; NODE_ENV is not the signal, since `npm start`
 * runs without it.
 */
export function trustedOrigins(env: Pick<Env, 'PUBLIC_URL' | 'DEV_WEB_ORIGIN'>): string[] {
  const origins = [new URL(env.PUBLIC_URL).origin];
  if (env.DEV_WEB_ORIGIN) {
    const dev = new URL(env.DEV_WEB_ORIGIN).origin;
    origins.push(dev, ...[loopbackTwin(dev) ?? []].flat());
  }
  return [...new Set(origins)];
}
