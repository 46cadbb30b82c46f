import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

// The security headers of every answer (CSP, frame and sniffing rules, HSTS behind https), set by helmet.
// Its middleware is built once here: @fastify/helmet built it anew for each request, parsing the CSP's
// directives every time (3-4 % of a signed-in read's CPU, issue 30). A route that needs another policy (a
// served file's sandbox) sets its own header, which replaces this one.

async function securityHeadersPlugin(app: FastifyInstance) {
  // Behind https only: upgrade-insecure-requests and HSTS would make a browser that opens a plain-http
  // portal (a local `npm start`, a LAN address) ask for https, which nothing answers there.
  const https = new URL(app.ctx.env.PUBLIC_URL).protocol === 'https:';
  const setHeaders = helmet({
    strictTransportSecurity: https,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        // One of helmet's defaults, which null removes.
        upgradeInsecureRequests: https ? [] : null,
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    // helmet 8 throws instead of passing an error on; its callback only ever says "go on".
    setHeaders(request.raw, reply.raw, () => done());
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
