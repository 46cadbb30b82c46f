import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) });

/** GET /healthz: 200 while the database answers, 503 when it does not (for load balancers and monitors). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      schema: { hide: true, response: { 200: healthSchema, 503: healthSchema } },
      config: { rateLimit: false },
    },
    async (request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ok' as const, database: 'up' as const };
      } catch (err) {
        request.log.warn({ err }, 'database unreachable');
        return reply.status(503).send({ status: 'unavailable', database: 'down' });
      }
    },
  );
};
