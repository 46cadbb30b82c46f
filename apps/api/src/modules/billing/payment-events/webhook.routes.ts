import { apiPaths } from '@pet/shared/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signatureInvalid } from '../../../lib/errors.ts';
import { errorResponses } from '../../../lib/route-schema.ts';
import { type PaymentEvent, SignatureError } from '../../../payments/provider.ts';
import { paymentEventHandler } from './payment-events.service.ts';

// POST /v1/payments/webhook: the providers' events (Stripe's, and the sandbox's delivered in-process). The
// signature covers the exact bytes, so this route alone reads its body raw.

export const paymentsWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const handle = paymentEventHandler(app.ctx);
  // Scoped to this plugin: every other route keeps the JSON parser.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    apiPaths.paymentsWebhook,
    {
      schema: {
        tags: ['payments'],
        summary: "The payment provider's events (Stripe-Signature verified)",
        headers: z.object({ 'stripe-signature': z.string().max(2_000).optional() }),
        response: {
          200: z.object({ received: z.literal(true), result: z.enum(['applied', 'duplicate', 'ignored']) }),
          ...errorResponses(400),
        },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let event: PaymentEvent | null;
      try {
        event = app.ctx.payments.parseEvent(raw, request.headers['stripe-signature']);
      } catch (err) {
        if (err instanceof SignatureError) {
          throw signatureInvalid();
        }
        throw err;
      }
      if (!event) return { received: true as const, result: 'ignored' as const };
      return { received: true as const, result: await handle(event) };
    },
  );
};
