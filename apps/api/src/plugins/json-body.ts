import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Calls the spec documents with an empty body (POST /v1/auth/verifyemail) are often sent with
// `Content-Type: application/json` anyway; Fastify would refuse that with 400. An empty JSON body is read as
// no body; anything else goes through Fastify's own parser (with its prototype-poisoning protection).

async function jsonBodyPlugin(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
}

export default fp(jsonBodyPlugin, { name: 'json-body' });
