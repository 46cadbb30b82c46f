import {
  brandConfig,
  createPetSchemaFor,
  errorBodySchema,
  petListSchema,
  petSchema,
  updatePetSchemaFor,
} from '@pet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/auth.plugin.ts';
import {
  createPet,
  getPet,
  listUserPets,
  type PetsDeps,
  removePet,
  updatePetProfile,
} from './pets.service.ts';

// The spec's pet calls (document 1, section 7): GET/POST/PUT/DELETE /v1/pet.

const tags = ['pets'];
/** OpenAPI: either credential is accepted. */
const security: Array<Record<string, string[]>> = [{ cookie: [] }, { bearer: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** A pet id in the query: anything that is no pet of the user answers 404. */
export const idParam = z
  .string({ error: 'Required_Error' })
  .trim()
  .min(1, 'Required_Error')
  .max(64, 'Invalid_Value_Error');

export const petsRoutes: FastifyPluginAsyncZod = async (app) => {
  const brand = brandConfig(app.env.BRAND);
  const deps: PetsDeps = {
    db: app.database.db,
    brand,
    publicUrl: app.env.PUBLIC_URL,
    jobs: app.jobs,
    storage: app.storage,
    log: app.log,
  };

  app.get(
    '/v1/pet',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'One pet (pet_id), or without pet_id all of the user’s pets (oldest first)',
        querystring: z.object({ pet_id: idParam.optional() }),
        response: { 200: z.union([petSchema, petListSchema]), ...errors },
      },
    },
    async (request) =>
      request.query.pet_id
        ? getPet(deps, request.user!.id, request.query.pet_id)
        : listUserPets(deps, request.user!.id),
  );

  app.post(
    '/v1/pet',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Add a pet (403 LIMIT_REACHED at the plan’s pets_limit)',
        body: createPetSchemaFor(brand),
        response: { 201: petSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createPet(deps, request.user!.id, request.body)),
  );

  app.put(
    '/v1/pet',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Edit a pet; date_of_birth and weights keep their stored value when absent',
        querystring: z.object({ id: idParam }),
        body: updatePetSchemaFor(brand),
        response: { 200: petSchema, ...errors },
      },
    },
    async (request) => updatePetProfile(deps, request.user!.id, request.query.id, request.body),
  );

  app.delete(
    '/v1/pet',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Delete a pet with its weights, appointments (and reminders) and files',
        querystring: z.object({ id: idParam }),
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await removePet(deps, request.user!.id, request.query.id);
      return reply.status(204).send(null);
    },
  );
};
