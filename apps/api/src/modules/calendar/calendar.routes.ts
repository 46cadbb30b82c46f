import { calendarFeedSchema } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, TAGS } from '../../lib/route-schema.ts';
import type { SignedInRoutes } from '../auth/signed-in.ts';
import { createFeed, feedIcs, feedStatus, revokeFeed } from './calendar.service.ts';

// The private calendar feed: managed by its owner (GET/POST/DELETE /v1/calendar/feed, signed in) and read by
// calendar apps without a session at its secret address (GET /v1/calendar/<secret>.ics, public).

const tags = TAGS.calendar;
const errors = errorResponses(401, 403);

/** Calendar apps poll a few times an hour; guessing secrets needs far more than this allows. */
const FEED_LIMIT = {
  max: (request: FastifyRequest) => 60 * request.server.ctx.env.RATE_LIMIT_SCALE,
  timeWindow: 60_000,
};

export const calendarRoutes: SignedInRoutes = async (app) => {
  app.get(
    apiPaths.calendarFeed,
    {
      schema: {
        tags,
        summary: 'Whether the user has a calendar feed (its address is shown only when it is made)',
        response: { 200: calendarFeedSchema, ...errors },
      },
    },
    async (request) => feedStatus(app.ctx, request.user.id),
  );

  app.post(
    apiPaths.calendarFeed,
    {
      schema: {
        tags,
        summary: 'Make (or replace) the secret calendar feed address; answers it this once',
        response: { 201: calendarFeedSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createFeed(app.ctx, request.user.id)),
  );

  app.delete(
    apiPaths.calendarFeed,
    {
      schema: {
        tags,
        summary: 'Revoke the calendar feed: its address answers 404 from now on',
        response: { 204: z.null().describe('Revoked'), ...errors },
      },
    },
    async (request, reply) => {
      await revokeFeed(app.ctx, request.user.id);
      return reply.status(204).send(null);
    },
  );
};

export const calendarPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${apiPaths.calendar}/:file`,
    {
      config: { rateLimit: FEED_LIMIT },
      // The address is the credential: it never reaches the log.
      logSerializers: {
        req: (req: { method: string; ip: string }) => ({
          method: req.method,
          path: `${apiPaths.calendar}/[secret].ics`,
          remoteAddress: req.ip,
        }),
      },
      schema: {
        tags,
        summary: 'The calendar feed at its secret address (no session; unknown or revoked: 404)',
        params: z.object({ file: z.string().max(100) }),
        response: {
          200: z.string().describe('text/calendar (RFC 5545)'),
          ...errorResponses(404, 429),
        },
      },
    },
    async (request, reply) => {
      const token = request.params.file.endsWith('.ics') ? request.params.file.slice(0, -4) : '';
      const body = await feedIcs(app.ctx, token);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="calendar.ics"')
        .header('cache-control', 'private, max-age=300')
        .send(body);
    },
  );
};
