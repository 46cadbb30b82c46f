import { apiPaths } from '@pet/shared/paths';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { optionalUser } from '../auth/auth.plugin.ts';
import { askBetterAuth, rawBodies, sendAuthResponse } from '../auth/better-auth/auth-relay.ts';
import { deletionPending } from './deletion.repo.ts';
import { eraseAccount } from './erasure.ts';

// POST /api/auth/sign-out: better-auth's sign-out (relayed as every /api/auth call), after which an account
// whose deletion was requested is erased at once (issue 15: at the next sign-out or after 24 hours). The
// sign-out answers as usual if the erasure fails: the account.deletion job is still due and tries again.

/** Who is signing out, if anyone; a session that cannot be used (banned, foreign Origin) is better-auth's to refuse. */
async function signingOut(request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
  try {
    await optionalUser(request, reply);
    return request.user?.id ?? null;
  } catch {
    return null;
  }
}

export async function signOutRoute(app: FastifyInstance) {
  rawBodies(app);
  app.route({
    method: 'POST',
    url: apiPaths.signOut,
    schema: { hide: true },
    config: { rateLimit: false },
    async handler(request: FastifyRequest, reply: FastifyReply) {
      const userId = await signingOut(request, reply);
      const response = await askBetterAuth(request);
      if (response.ok && userId && (await deletionPending(app.ctx.db, userId))) {
        try {
          await eraseAccount(app.ctx, userId);
        } catch (err) {
          request.log.error({ err, userId }, 'account erasure at sign-out failed; the job will retry');
        }
      }
      await sendAuthResponse(request, reply, response);
      return reply;
    },
  });
}
