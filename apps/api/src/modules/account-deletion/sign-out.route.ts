import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { optionalUser } from '../auth/auth.plugin.ts';
import { askBetterAuth, rawBodies, sendAuthResponse } from '../auth/auth-relay.ts';
import { deletionPending } from './deletion.repo.ts';
import { eraseAccount, erasureDeps } from './erasure.ts';

// POST /api/auth/sign-out: better-auth's sign-out (relayed as every /api/auth call), after which an account
// whose deletion was requested is erased at once (issue 15: at the next sign-out or after 24 hours). The
// sign-out answers as usual if the erasure fails: the account.deletion job is still due and tries again.

export async function signOutRoute(app: FastifyInstance) {
  rawBodies(app);
  app.route({
    method: 'POST',
    url: '/api/auth/sign-out',
    schema: { hide: true },
    config: { rateLimit: false },
    preHandler: optionalUser,
    async handler(request: FastifyRequest, reply: FastifyReply) {
      const user = request.user;
      const response = await askBetterAuth(request);
      if (response.ok && user && (await deletionPending(app.database.db, user.id))) {
        try {
          await eraseAccount(erasureDeps(app), user.id);
        } catch (err) {
          request.log.error(
            { err, userId: user.id },
            'account erasure at sign-out failed; the job will retry',
          );
        }
      }
      await sendAuthResponse(request, reply, response);
      return reply;
    },
  });
}
