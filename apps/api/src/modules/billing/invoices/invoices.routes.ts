import { orderIdQuerySchema } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { z } from 'zod';
import { SIGNED_IN_ERRORS, TAGS } from '../../../lib/route-schema.ts';
import type { SignedInRoutes } from '../../auth/signed-in.ts';
import { invoiceDeps, ownInvoice } from './invoice-file.ts';

// The invoice of a paid order, opened by /my-account/bills in a new tab (inline, not a download).

export const invoicesRoutes: SignedInRoutes = async (app) => {
  const deps = invoiceDeps(app.ctx);

  app.get(
    apiPaths.orderPdf,
    {
      schema: {
        tags: TAGS.subscription,
        summary:
          'The invoice of one of the user’s paid orders (PDF, inline); a foreign, missing or unpaid order ' +
          'answers 404 Order_Pdf_Failed alike',
        querystring: orderIdQuerySchema,
        response: { 200: z.any().describe('application/pdf (inline)'), ...SIGNED_IN_ERRORS },
      },
    },
    async (request, reply) => {
      const { body, fileName } = await ownInvoice(deps, request.user.id, request.query.id);
      // It holds the buyer's address: never kept by a shared (or any) cache.
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
