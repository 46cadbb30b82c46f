import { exportPreparingSchema } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { z } from 'zod';
import { errorResponses, SIGNED_IN_ERRORS, TAGS } from '../../lib/route-schema.ts';
import { LIMITS } from '../../plugins/rate-limit.ts';
import type { SignedInRoutes } from '../auth/signed-in.ts';
import { preparedExport, requestExport } from './export.service.ts';

// "Download my data" (issue 15, GDPR article 20): the whole account as one ZIP, at once or prepared by a job.
//
// The mailed link's download is signed-in too, not public by its token alone: the archive holds everything
// (address, medical data, every document), and a mail is the weaker channel (forwarded, kept on other
// servers, fetched by link scanners). With the session required a leaked link opens nothing; the token is
// bound to the user id, so one user's link never opens another's export (404 like a forged or expired one).

const tags = TAGS.account;
const errors = { ...SIGNED_IN_ERRORS, ...errorResponses(429) };
const zipAnswer = z.any().describe('application/zip');

export const accountExportRoutes: SignedInRoutes = async (app) => {
  app.get(
    apiPaths.accountExport,
    {
      config: { rateLimit: LIMITS.accountExport },
      schema: {
        tags,
        summary:
          'Everything the signed-in user owns as one streamed ZIP (data.json in the API’s field names, every ' +
          'picture and document file, README.txt); over EXPORT_INLINE_MAX_BYTES of files it answers 202 and ' +
          'a job mails a link instead',
        response: { 200: zipAnswer, 202: exportPreparingSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await requestExport(app.ctx, request.user.id);
      if (answer.status === 'preparing') return reply.status(202).send({ status: 'preparing' as const });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', answer.contentDisposition)
        .send(answer.stream);
    },
  );

  app.get(
    apiPaths.accountExportDownload,
    {
      config: { rateLimit: LIMITS.accountExportDownload },
      schema: {
        tags,
        summary:
          'A prepared export by the mailed link’s token, to the signed-in user it was made for (a forged, ' +
          'expired or someone else’s token answers 404)',
        querystring: z.object({
          token: z.string({ error: 'Required_Error' }).trim().min(1, 'Required_Error').max(200),
        }),
        response: { 200: zipAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const file = await preparedExport(app.ctx, request.user.id, request.query.token);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', file.size)
        .header('content-disposition', file.contentDisposition)
        .send(file.stream);
    },
  );
};
