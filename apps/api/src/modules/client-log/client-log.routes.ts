import { clientLogSchema } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { boundedText } from '../../lib/redact.ts';
import { TAGS } from '../../lib/route-schema.ts';
import { LIMITS } from '../../plugins/rate-limit.ts';

// POST /v1/log: the web app reports failures it could not show (spec: "a logging service /log"). They go
// into the server log at warn level, bounded in size and with secrets removed. Open to signed-out clients
// (sign-in failures are worth knowing), so it is rate-limited per address. POST /log, the spec's own path of
// the logging service, is the same route (each path keeps its own rate-limit counter).

const MAX_BODY_BYTES = 16 * 1024;
const MAX_TEXT = 4000;

export const clientLogRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const url of [apiPaths.log, apiPaths.logAlias]) {
    app.post(
      url,
      {
        bodyLimit: MAX_BODY_BYTES,
        config: { rateLimit: LIMITS.clientLog },
        schema: {
          tags: TAGS.log,
          summary: 'Report a client-side failure',
          body: clientLogSchema,
          response: { 204: z.null().describe('Logged') },
        },
      },
      async (request, reply) => {
        request.log.warn(
          {
            clientLog: {
              platform: boundedText(request.body.platform, 20),
              log: boundedText(request.body.log, MAX_TEXT),
              ...(request.body.error === undefined
                ? {}
                : { error: boundedText(request.body.error, MAX_TEXT) }),
            },
          },
          'client error report',
        );
        return reply.status(204).send(null);
      },
    );
  }
};
