import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { within } from '../../lib/within.ts';

// Probes for load balancers, orchestrators and monitors (issue 30), never falling through to the web app
// (plugins/web.ts):
// - GET /livez: the process runs and its event loop answers. Restart it when this fails.
// - GET /readyz: the parts a request needs answer (database, job queue, file storage); 503 naming the failing
//   parts while one does not, and from the moment a shutdown starts (`app.readiness.drain()`), so a proxy
//   stops sending new requests before the process stops taking them.
// - GET /healthz: the database alone (kept for monitors set up before /readyz).

declare module 'fastify' {
  interface FastifyInstance {
    readiness: {
      /** A shutdown has started: /readyz answers 503 from now on. */
      drain(): void;
      readonly draining: boolean;
    };
  }
}

const PARTS = ['database', 'jobs', 'storage'] as const;
type Part = (typeof PARTS)[number] | 'shutting down';

/** A part that has not answered by then counts as failing: a probe must answer within seconds. */
const CHECK_TIMEOUT_MS = 2_500;

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) });
const liveSchema = z.object({ status: z.literal('ok') });
const readySchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  failing: z.array(z.enum([...PARTS, 'shutting down'])),
});

const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  let draining = false;
  app.decorate('readiness', {
    drain() {
      draining = true;
    },
    get draining() {
      return draining;
    },
  });

  const probe = { hide: true } as const;
  const noLimit = { rateLimit: false } as const;

  app.get('/livez', { schema: { ...probe, response: { 200: liveSchema } }, config: noLimit }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { schema: { ...probe, response: { 200: readySchema, 503: readySchema } }, config: noLimit },
    async (request, reply) => {
      const checks: Record<(typeof PARTS)[number], () => Promise<unknown>> = {
        database: () => app.ctx.database.ping(),
        jobs: () => app.ctx.jobs.check(),
        storage: () => app.ctx.storage.check(),
      };
      const outcomes = await Promise.allSettled(
        PARTS.map((part) => within(CHECK_TIMEOUT_MS, checks[part](), `${part}: no answer in time`)),
      );
      const failing: Part[] = PARTS.filter((_, i) => outcomes[i]?.status === 'rejected');
      for (const [i, outcome] of outcomes.entries()) {
        if (outcome.status === 'rejected')
          request.log.warn({ err: outcome.reason, part: PARTS[i] }, 'not ready');
      }
      if (draining) failing.push('shutting down');
      if (failing.length === 0) return { status: 'ok' as const, failing: [] };
      return reply.status(503).send({ status: 'unavailable', failing });
    },
  );

  app.get(
    '/healthz',
    {
      schema: { ...probe, response: { 200: healthSchema, 503: healthSchema } },
      config: noLimit,
    },
    async (request, reply) => {
      try {
        await app.ctx.database.ping();
        return { status: 'ok' as const, database: 'up' as const };
      } catch (err) {
        request.log.warn({ err }, 'database unreachable');
        return reply.status(503).send({ status: 'unavailable', database: 'down' });
      }
    },
  );
};

/** Not encapsulated: the server start reaches `app.readiness` to begin a shutdown. */
export const healthRoutes = fp(probeRoutes, { name: 'health' });
