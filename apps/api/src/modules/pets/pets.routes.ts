import { brandConfig, createPetSchemaFor, petListSchema, petSchema, updatePetSchemaFor } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { z } from 'zod';
import { SIGNED_IN_ERRORS as errors, queryId, TAGS } from '../../lib/route-schema.ts';
import { takeSessionRows } from '../auth/sessions/session-read.ts';
import type { SignedInRoutes } from '../auth/signed-in.ts';
import {
  createPet,
  getPet,
  listUserPets,
  type PetsDeps,
  petsWithSession,
  removePet,
  updatePetProfile,
} from './pets.service.ts';

// The spec's pet calls (document 1, section 7): GET/POST/PUT/DELETE /v1/pet.

const tags = TAGS.pets;

export const petsRoutes: SignedInRoutes = async (app) => {
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
    apiPaths.pet,
    {
      schema: {
        tags,
        summary: 'One pet (pet_id), or without pet_id all of the user’s pets (oldest first)',
        querystring: z.object({ pet_id: queryId.optional() }),
        response: { 200: z.union([petSchema, petListSchema]), ...errors },
      },
      // The list is read with the session check, in one statement (modules/auth/sessions/session-read.ts).
      config: { sessionRead: petsWithSession },
    },
    async (request) =>
      request.query.pet_id
        ? getPet(deps, request.user.id, request.query.pet_id)
        : listUserPets(deps, request.user.id, takeSessionRows(request, petsWithSession)),
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
    async (request, reply) => reply.status(201).send(await createPet(deps, request.user.id, request.body)),
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
    async (request) => updatePetProfile(deps, request.user.id, request.query.id, request.body),
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
      await removePet(deps, request.user.id, request.query.id);
      return reply.status(204).send(null);
    },
  );
};
