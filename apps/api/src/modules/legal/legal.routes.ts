import { languageField, legalDocumentResponseSchema } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { errorResponses, TAGS } from '../../lib/route-schema.ts';
import {
  isLegalDocument,
  legalEtag,
  matchesEtag,
  readLegalDocument,
  SHIPPED_LEGAL_DIR,
} from './legal-documents.ts';

// GET /v1/legal/{document}?language=: the brand's imprint, terms or privacy policy as Markdown (issue 15),
// public: the pages /pdf, /conditions and /dataprotectionpdf show it signed out and signed in.

/** Browsers keep a text this long, then revalidate it with its ETag (an operator's new file shows soon). */
const CACHE_CONTROL = 'public, max-age=60';

export const legalPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const dirs = { operator: app.ctx.env.LEGAL_DIR, shipped: SHIPPED_LEGAL_DIR };

  app.get(
    `${apiPaths.legal}/:document`,
    {
      schema: {
        tags: TAGS.legal,
        summary: 'The brand’s imprint, terms or privacy policy (Markdown) in a language; public',
        description:
          'document: imprint, terms or privacy (any other answers 404). The operator’s file under LEGAL_DIR, ' +
          'else the shipped placeholder. Answers carry an ETag; If-None-Match with it answers 304.',
        params: z.object({ document: z.string() }),
        querystring: z.object({ language: languageField }),
        response: {
          200: legalDocumentResponseSchema,
          304: z.null().describe('Not modified: the ETag of If-None-Match is current'),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const { document } = request.params;
      // Only the three names reach the file system, so no request can point it anywhere else.
      if (!isLegalDocument(document)) throw notFound();
      const { language } = request.query;
      const markdown = await readLegalDocument(dirs, app.ctx.env.BRAND, language, document);
      const etag = legalEtag(markdown);
      reply.header('cache-control', CACHE_CONTROL).header('etag', etag);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send(null);
      return { document, language, markdown };
    },
  );
};
