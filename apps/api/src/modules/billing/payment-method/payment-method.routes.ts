import {
  paymentMethodResponseSchema,
  updatePaymentRequestSchema,
  updatePaymentResponseSchema,
} from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { z } from 'zod';
import { errorResponses, SIGNED_IN_ERRORS, TAGS } from '../../../lib/route-schema.ts';
import type { SignedInRoutes } from '../../auth/signed-in.ts';
import { savedPaymentMethod, startPaymentUpdate } from './payment-method.service.ts';

// The payment method (document 2 section 7: payment_method, update_payment).

const tags = TAGS.subscription;

export const paymentMethodRoutes: SignedInRoutes = async (app) => {
  app.get(
    apiPaths.paymentMethod,
    {
      schema: {
        tags,
        summary: 'The saved payment method renewals are charged to; 204 when none is saved',
        response: { 200: paymentMethodResponseSchema, 204: z.null(), ...SIGNED_IN_ERRORS },
      },
    },
    async (request, reply) => {
      const method = await savedPaymentMethod(app.ctx, request.user.id);
      return method ?? reply.status(204).send(null);
    },
  );

  app.post(
    apiPaths.updatePayment,
    {
      schema: {
        tags,
        summary: "A setup checkout for a new card or IBAN, returning to the web's payment-update pages",
        body: updatePaymentRequestSchema,
        response: { 200: updatePaymentResponseSchema, ...SIGNED_IN_ERRORS, ...errorResponses(400, 409) },
      },
    },
    async (request) => startPaymentUpdate(app.ctx, request.user.id, request.body),
  );
};
