import {
  householdAcceptedSchema,
  householdAcceptSchema,
  householdEmergencyContactSchema,
  householdHistoryPageQuerySchema,
  householdHistoryPageSchema,
  householdInvitationSchema,
  householdInviteSchema,
  householdSchema,
} from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { z } from 'zod';
import { errorResponses, SIGNED_IN_ERRORS as errors, queryId as id, TAGS } from '../../lib/route-schema.ts';
import type { SignedInRoutes } from '../auth/signed-in.ts';
import {
  acceptInvitation,
  householdHistory,
  householdOf,
  invite,
  nameEmergencyContact,
  removeMember,
  revokeInvitation,
} from './household.service.ts';

// The household's calls (issue 45): the owner invites and revokes, the invited person accepts, the owner and
// co-owners read the members and the history, a member leaves. 403 FORBIDDEN_FOR_ROLE: a member whose role
// does not allow the call; a stranger's pet or member answers 404, like a missing one.

const tags = TAGS.household;
const none = z.null().describe('Done');

export const householdRoutes: SignedInRoutes = async (app) => {
  app.post(
    apiPaths.householdInvite,
    {
      schema: {
        tags,
        summary:
          'Invite someone by e-mail to the pet’s household as co-owner or sitter, optionally until a day ' +
          '(the owner only; the link in the mail works once, for 7 days; 429 after 3 a day to one address ' +
          'for one pet, or 20 a day in all)',
        querystring: z.object({ pet_id: id }),
        body: householdInviteSchema,
        response: { 201: householdInvitationSchema, ...errors, ...errorResponses(429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await invite(app.ctx, request.user.id, request.query.pet_id, request.body)),
  );

  app.post(
    apiPaths.householdAccept,
    {
      schema: {
        tags,
        summary:
          'Join a pet’s household with the token of an invitation’s link (404: unknown, used, revoked or ' +
          'expired; 409: the pet is the user’s own)',
        body: householdAcceptSchema,
        response: { 200: householdAcceptedSchema, ...errors, ...errorResponses(409) },
      },
    },
    async (request) => acceptInvitation(app.ctx, request.user.id, request.body.token),
  );

  app.get(
    apiPaths.household,
    {
      schema: {
        tags,
        summary: 'The pet’s household: its members and open invitations (for the owner and co-owners)',
        querystring: z.object({ pet_id: id }),
        response: { 200: householdSchema, ...errors },
      },
    },
    async (request) => householdOf(app.ctx, request.user.id, request.query.pet_id),
  );

  app.delete(
    apiPaths.household,
    {
      schema: {
        tags,
        summary: 'End a membership at once: the owner revokes a member, or a member leaves',
        querystring: z.object({ member_id: id }),
        response: { 204: none, ...errors },
      },
    },
    async (request, reply) => {
      await removeMember(app.ctx, request.user.id, request.query.member_id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    apiPaths.householdEmergencyContact,
    {
      schema: {
        tags,
        summary:
          'Name one of the pet’s co-owners its second emergency contact (the emergency file prints their name, ' +
          'phone and e-mail beside the owner’s), or no one with null (the owner); the co-owner named may ' +
          'withdraw with null. 400 on member_id: not a current co-owner of this pet',
        querystring: z.object({ pet_id: id }),
        body: householdEmergencyContactSchema,
        response: { 204: none, ...errors },
      },
    },
    async (request, reply) => {
      await nameEmergencyContact(app.ctx, request.user.id, request.query.pet_id, request.body.member_id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    apiPaths.householdInvitation,
    {
      schema: {
        tags,
        summary: 'Take an open invitation back before it is used (the owner only)',
        querystring: z.object({ invitation_id: id }),
        response: { 204: none, ...errors },
      },
    },
    async (request, reply) => {
      await revokeInvitation(app.ctx, request.user.id, request.query.invitation_id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    apiPaths.householdHistory,
    {
      schema: {
        tags,
        summary:
          'Who changed what with the pet, and when, newest first (for the owner and co-owners; ' +
          '`actor_name` null: a former member whose account is gone)',
        querystring: householdHistoryPageQuerySchema.extend({ pet_id: id }),
        response: { 200: householdHistoryPageSchema, ...errors },
      },
    },
    async (request) => {
      const { pet_id, page, page_size } = request.query;
      const { data, total } = await householdHistory(app.ctx, request.user.id, pet_id, {
        offset: (page - 1) * page_size,
        limit: page_size,
      });
      return { data, total, page, page_size };
    },
  );
};
