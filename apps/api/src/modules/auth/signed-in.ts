import type { FastifyPluginAsync, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SESSION_SECURITY } from '../../lib/route-schema.ts';
import { requireUser } from './auth.plugin.ts';

// The signed-in route group: every route registered in it is authenticated once, by the group's hook (401
// without a session, 403 EMAIL_NOT_VERIFIED for an unverified address), and documented with the session
// security requirement. Inside it `request.user` is typed as present; routes outside it are public.

/** The zod type provider, marked: a request of a route in the group has its user (see auth.plugin.ts). */
export interface SignedInTypeProvider extends ZodTypeProvider {
  readonly signedIn: true;
}

/** A module's routes that need a signed-in user; registered through `signedInGroup` in app.ts. */
export type SignedInRoutes = FastifyPluginAsync<Record<never, never>, RawServerDefault, SignedInTypeProvider>;

export function signedInGroup(routes: SignedInRoutes[]): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', requireUser);
    app.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: SESSION_SECURITY };
    });
    for (const register of routes) await app.register(register);
  };
}
