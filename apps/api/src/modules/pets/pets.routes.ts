import { createPetSchemaFor, petListSchema, petSchema, updatePetSchemaFor } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { z } from 'zod';
import { sendJsonText } from '../../lib/json-text.ts';
import { SIGNED_IN_ERRORS as errors, queryId, TAGS } from '../../lib/route-schema.ts';
import { takeSessionAnswer } from '../auth/sessions/session-read.ts';
import type { SignedInRoutes } from '../auth/signed-in.ts';
import { petsWithSession } from './pet-list-read.ts';
import { createPet, getPet, listUserPets, removePet, updatePetProfile } from './pets.service.ts';

// The spec's pet calls (document 1, section 7): GET/POST/PUT/DELETE /v1/pet.

const tags = TAGS.pets;

export const petsRoutes: SignedInRoutes = async (app) => {
  const { brand } = app.ctx;

  app.get(
    apiPaths.pet,
    {
      schema: {
        tags,
        summary:
          'One pet (pet_id), or without pet_id the user’s pets and those shared with the user (oldest first), ' +
          'each with the user’s role and, on a shared one, the owner’s name and the membership’s id',
        querystring: z.object({ pet_id: queryId.optional() }),
        response: { 200: z.union([petSchema, petListSchema]), ...errors },
      },
      // The list is read with the session check, in one statement (pet-list-read.ts).
      config: { sessionRead: petsWithSession },
    },
    async (request, reply) => {
      if (request.query.pet_id) return getPet(app.ctx, request.user.id, request.query.pet_id);
      const read = takeSessionAnswer(request, petsWithSession);
      if (!read) return listUserPets(app.ctx, request.user.id);
      // Sent as JSON text, which Fastify does not serialize again: the kept answer, or the new one, encoded
      // by the response's schema as Fastify's serializer would (fastify-type-provider-zod) and then kept.
      if ('kept' in read) return sendJsonText(reply, read.kept);
      const list = await listUserPets(app.ctx, request.user.id, read.rows);
      const body = JSON.stringify(petListSchema.encode(list));
      read.keep(body);
      return sendJsonText(reply, body);
    },
  );

  app.post(
    apiPaths.pet,
    {
      schema: {
        tags,
        summary: 'Add a pet (403 LIMIT_REACHED at the plan’s pets_limit)',
        body: createPetSchemaFor(brand),
        response: { 201: petSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createPet(app.ctx, request.user.id, request.body)),
  );

  app.put(
    apiPaths.pet,
    {
      schema: {
        tags,
        summary: 'Edit a pet; date_of_birth and weights keep their stored value when absent',
        querystring: z.object({ id: queryId }),
        body: updatePetSchemaFor(brand),
        response: { 200: petSchema, ...errors },
      },
    },
    async (request) => updatePetProfile(app.ctx, request.user.id, request.query.id, request.body),
  );

  app.delete(
    apiPaths.pet,
    {
      schema: {
        tags,
        summary:
          'Delete a pet with its weights, appointments, medical records (and their reminders), documents and files',
        querystring: z.object({ id: queryId }),
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await removePet(app.ctx, request.user.id, request.query.id);
      return reply.status(204).send(null);
    },
  );
};
