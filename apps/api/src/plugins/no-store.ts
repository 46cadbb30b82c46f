import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Answers that carry personal data must not be kept by a browser's or a proxy's cache (a shared computer,
// the back button after sign-out): every answer to a signed-in request (`/v1` JSON, owned files, the
// .ics of an appointment) and everything from better-auth (sessions, tokens). Public answers (the web app's
// assets, /v1/config, the calendar feed behind its secret URL) keep their own caching.

async function noStorePlugin(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.user || request.url.startsWith('/api/auth/')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

export default fp(noStorePlugin, { name: 'no-store', dependencies: ['auth'] });
