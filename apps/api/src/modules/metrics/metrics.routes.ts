import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/errors.ts';

// GET /metrics: the Prometheus text format (metrics.ts). What it shows (routes, rates, queue depths) is for
// the operator only: with METRICS_TOKEN set, a scraper sends it as a bearer token; without it, only a client
// on this machine (the socket's own address, whatever a proxy header says) is answered.

const LOOPBACK = /^(?:127\.|::1$|::ffff:127\.)/;

function tokenMatches(request: FastifyRequest, token: string): boolean {
  const sent = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const metricsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
    const token = app.ctx.env.METRICS_TOKEN;
    const allowed = token
      ? tokenMatches(request, token)
      : LOOPBACK.test(request.raw.socket.remoteAddress ?? '');
    if (!allowed) throw forbidden();
    const { registry } = app.ctx.metrics;
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
};
