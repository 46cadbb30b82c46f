import type { Env } from '../../config/env.ts';

/**
 * Origins whose pages may call the API with the session cookie: the portal itself and, in development, the
 * Vite dev server on PORT + 1 (it proxies /api and /v1 but the browser still sends its own Origin).
 */
export function trustedOrigins(env: Pick<Env, 'PUBLIC_URL' | 'NODE_ENV' | 'PORT'>): string[] {
  const origins = [new URL(env.PUBLIC_URL).origin];
  if (env.NODE_ENV === 'development') {
    const devPort = env.PORT + 1;
    origins.push(`http://localhost:${devPort}`, `http://127.0.0.1:${devPort}`);
  }
  return [...new Set(origins)];
}
