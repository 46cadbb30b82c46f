import {
  createdShareLinkSchema,
  createShareLinkSchema,
  SHARE_LINK_DAYS,
  sharedPetSchema,
  shareLinkSchema,
} from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, SIGNED_IN_ERRORS as errors, queryId as id, TAGS } from '../../lib/route-schema.ts';
import { scaled } from '../../plugins/rate-limit.ts';
import type { SignedInRoutes } from '../auth/signed-in.ts';
import { sendServedFile } from '../files/served-file-headers.ts';
import { createShareLink, listShareLinks, removeShareLink } from './share-links.service.ts';
import { openSharedFile, sharedPet } from './shared-pet.service.ts';

// Share links (issue 12): the owner makes, lists and revokes read-only links to one pet (signed in); a vet or
// a sitter opens one without signing in (public: the pet, and the files it shows).

const tags = TAGS.shareLinks;

export const shareLinksRoutes: SignedInRoutes = async (app) => {
  app.post(
    apiPaths.shareLink,
    {
      schema: {
        tags,
        summary: `Make a read-only link to the pet for ${SHARE_LINK_DAYS.min} to ${SHARE_LINK_DAYS.max} days; its address is shown this once`,
        querystring: z.object({ pet_id: id }),
        body: createShareLinkSchema,
        response: { 201: createdShareLinkSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createShareLink(app.ctx, request.user.id, request.query.pet_id, request.body)),
  );

  app.get(
    apiPaths.petShareLinks,
    {
      schema: {
        tags,
        summary: 'The pet’s share links, newest first, with expiry, last use and whether each still works',
        querystring: z.object({ pet_id: id }),
        response: { 200: z.array(shareLinkSchema), ...errors },
      },
    },
    async (request) => listShareLinks(app.ctx, request.user.id, request.query.pet_id),
  );

  app.delete(
    apiPaths.shareLink,
    {
      schema: {
        tags,
        summary: 'Revoke a share link: its address answers like an unknown one from now on',
        querystring: z.object({ id }),
        response: { 204: z.null().describe('Revoked'), ...errors },
      },
    },
    async (request, reply) => {
      await removeShareLink(app.ctx, request.user.id, request.query.id);
      return reply.status(204).send(null);
    },
  );
};

/** Enough for a page and its pictures; guessing a 256-bit secret needs unimaginably more. */
const SHARED_LIMIT = { max: scaled(60), timeWindow: 60_000 };

/** No format rule here: a malformed secret answers the same 404 as any other unknown one (the service). */
const secret = z.string().describe('The secret of the link (base64url)');

export const shareLinksPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  // The answers are the owner's data behind a secret address: kept by no cache, and the address is never
  // sent on as a Referer (a document's link, the picture). Errors too: they say whether a link works.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    return payload;
  });

  app.get(
    `${apiPaths.shared}/:secret`,
    {
      config: { rateLimit: SHARED_LIMIT },
      schema: {
        tags,
        summary:
          'The pet behind a share link, without sign-in: profile, contacts, medical data, documents when ' +
          'the link includes them (unknown, expired or revoked: 404)',
        params: z.object({ secret }),
        response: { 200: sharedPetSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => sharedPet(app.ctx, request.params.secret),
  );

  app.get(
    `${apiPaths.shared}/:secret/files/:file_id`,
    {
      config: { rateLimit: SHARED_LIMIT },
      schema: {
        tags,
        summary:
          'A file the share link shows (the pet’s picture; its documents’ files when included), served like ' +
          `${apiPaths.files}/{id}; anything else 404`,
        params: z.object({ secret, file_id: z.string().max(64) }),
        response: {
          200: z.any().describe('The file’s bytes with its content type'),
          ...errorResponses(400, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const file = await openSharedFile(app.ctx, request.params.secret, request.params.file_id);
      return sendServedFile(reply, file);
    },
  );
};
