import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Env } from './config/env.ts';
import { buildContainer, type ContainerOptions } from './container.ts';
import type { Database } from './db/client.ts';
import { clientErrorHandler, frameworkErrors } from './lib/framework-errors.ts';
import { serializeError } from './lib/log-error.ts';
import { openApiTransform, recordRoutes } from './lib/openapi.ts';
import { publicConfigOf } from './lib/public-config.ts';
import { loggedPath } from './lib/redact.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { accountDeletionRoutes } from './modules/account-deletion/deletion.routes.ts';
import { signOutRoute } from './modules/account-deletion/sign-out.route.ts';
import { accountExportRoutes } from './modules/account-export/export.routes.ts';
import { appointmentsRoutes } from './modules/appointments/appointments.routes.ts';
import authPlugin from './modules/auth/auth.plugin.ts';
import { authPublicRoutes, authRoutes } from './modules/auth/auth.routes.ts';
import sessionHintPlugin from './modules/auth/sessions/session-hint.ts';
import { signedInGroup } from './modules/auth/signed-in.ts';
import { invoicesRoutes } from './modules/billing/invoices/invoices.routes.ts';
import { ordersRoutes } from './modules/billing/orders/orders.routes.ts';
import { paymentsWebhookRoutes } from './modules/billing/payment-events/webhook.routes.ts';
import { paymentMethodRoutes } from './modules/billing/payment-method/payment-method.routes.ts';
import { subscriptionRoutes } from './modules/billing/subscription/subscription.routes.ts';
import { calendarPublicRoutes, calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { clientLogRoutes } from './modules/client-log/client-log.routes.ts';
import { contactsRoutes } from './modules/contacts/contacts.routes.ts';
import { couponsRoutes } from './modules/coupons/coupons.routes.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { dosesRoutes } from './modules/doses/doses.routes.ts';
import { emergencyPublicRoutes, emergencyRoutes } from './modules/emergency/emergency.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { householdRoutes } from './modules/household/household.routes.ts';
import { legalPublicRoutes } from './modules/legal/legal.routes.ts';
import { medicalRoutes } from './modules/medical/medical.routes.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { petsRoutes } from './modules/pets/pets.routes.ts';
import { plansPublicRoutes, plansRoutes } from './modules/plans/plans.routes.ts';
import { remindersRoutes } from './modules/reminders/reminders.routes.ts';
import { shareLinksPublicRoutes, shareLinksRoutes } from './modules/share-links/share-links.routes.ts';
import { sandboxRoutes } from './payments/sandbox/sandbox.routes.ts';
import compressionPlugin from './plugins/compression.ts';
import errorsPlugin from './plugins/errors.ts';
import jsonBodyPlugin from './plugins/json-body.ts';
import noStorePlugin from './plugins/no-store.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import securityHeadersPlugin from './plugins/security-headers.ts';
import textInputPlugin from './plugins/text-input.ts';
import { webDistDir, webPlugin } from './plugins/web.ts';

export interface BuildAppOptions {
  env: Env;
  database: Database;
  mailer?: ContainerOptions['mailer'];
  /** Serve the built web app (off for API-only tests). */
  serveWeb?: boolean;
  /** Defaults to the real time. */
  clock?: () => Date;
  /** Where log lines go (default stdout); tests read them from here. */
  logStream?: { write(line: string): void };
}

/** Never log what authenticates a user or what they typed as a secret. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
];

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const app = Fastify({
    logger: {
      level: env.LOG_LEVEL,
      ...(options.logStream ? { stream: options.logStream } : {}),
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: {
        // A failed query's error would carry its SQL parameters (personal data): lib/log-error.ts.
        err: serializeError,
        // Query strings carry tokens (reset links, emergency codes, calendar feeds), a share link's path is its
        // secret: lib/redact.ts.
        req: (req) => ({ method: req.method, path: loggedPath(req.url), remoteAddress: req.ip }),
      },
    },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1_048_576,
    frameworkErrors,
    clientErrorHandler,
    logController: new LogController({ disableRequestLogging: env.NODE_ENV === 'test' }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First, so it sees every route: lib/openapi.test.ts checks the document against them.
  recordRoutes(app);
  // The app's parts, made before any plugin: everything below reaches them through `app.ctx` (container.ts).
  const container = await buildContainer({ ...options, log: app.log });
  app.decorate('ctx', container.ctx);
  // On the root: Fastify closes the route plugins first, so what they still send (mails) finishes before this.
  app.addHook('onClose', async () => container.close());
  const { metrics } = container.ctx;
  app.addHook('onResponse', async (request, reply) => {
    metrics.answered(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  // First: it compresses the answers of the routes declared after it (plugins/compression.ts).
  await app.register(compressionPlugin);
  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(textInputPlugin);
  await app.register(rateLimitPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Pet portal API', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'pet.session_token' },
        },
      },
    },
    transform: openApiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  // better-auth under /api/auth and the request authentication of the routes below.
  await app.register(authPlugin);
  // The web app's signed-in hint follows the session cookie on every answer (modules/auth/sessions/session-hint.ts).
  await app.register(sessionHintPlugin);
  // Sign-out erases an account whose deletion is pending (modules/account-deletion).
  await app.register(signOutRoute);
  await app.register(noStorePlugin);
  // The sandbox provider's browser routes, while it is the provider (payments/sandbox).
  const { sandbox } = container;
  if (sandbox) await app.register(sandboxRoutes, { sandbox });

  // Domain modules register here: public routes on their own, the rest in the signed-in group, which
  // authenticates every request once (401 without a session) and hands its routes `request.user`.
  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(authPublicRoutes);
  await app.register(plansPublicRoutes);
  await app.register(clientLogRoutes);
  await app.register(calendarPublicRoutes);
  await app.register(emergencyPublicRoutes);
  await app.register(shareLinksPublicRoutes);
  await app.register(legalPublicRoutes);
  await app.register(paymentsWebhookRoutes);
  await app.register(
    signedInGroup([
      authRoutes,
      accountRoutes,
      accountDeletionRoutes,
      accountExportRoutes,
      plansRoutes,
      couponsRoutes,
      petsRoutes,
      filesRoutes,
      appointmentsRoutes,
      calendarRoutes,
      contactsRoutes,
      medicalRoutes,
      dosesRoutes,
      remindersRoutes,
      documentsRoutes,
      emergencyRoutes,
      shareLinksRoutes,
      householdRoutes,
      ordersRoutes,
      paymentMethodRoutes,
      subscriptionRoutes,
      invoicesRoutes,
    ]),
  );

  // Test-only: the e2e suite's seeding route, never without its token (and never in production: env.ts).
  // Imported only then, so the test factory behind it is not even loaded elsewhere.
  if (env.E2E_SEED_TOKEN) {
    const { e2eSeedRoutes } = await import('./modules/e2e-seed/e2e-seed.routes.ts');
    await app.register(e2eSeedRoutes, { token: env.E2E_SEED_TOKEN });
  }

  if (options.serveWeb !== false) {
    await app.register(webPlugin, {
      root: webDistDir(env.BRAND, env.WEB_DIST_DIR),
      config: publicConfigOf(env),
    });
  }
  return app;
}
