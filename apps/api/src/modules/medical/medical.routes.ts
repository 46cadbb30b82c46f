import {
  DEFAULT_TIME_ZONE,
  dueSoonListSchema,
  MEDICAL_TYPES,
  medicalBodySchemas,
  medicalListSchema,
  medicalRecordSchema,
  timeZoneField,
} from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { z } from 'zod';
import { SIGNED_IN_ERRORS as errors, queryId as id, TAGS } from '../../lib/route-schema.ts';
import type { SignedInRoutes } from '../auth/signed-in.ts';
import {
  createMedical,
  editMedical,
  listDueSoon,
  listPetMedicalItems,
  removeMedical,
} from './medical.service.ts';

// The spec's medical calls (document 2, section 7) for its four categories and for vaccinations and
// dewormings (which remind before they are due), and the dashboard's "due soon".

const tags = TAGS.medical;

export const medicalRoutes: SignedInRoutes = async (app) => {
  app.get(
    apiPaths.petMedicals,
    {
      schema: {
        tags,
        summary: 'The pet’s medical records of every category, newest date first (names with `medical_`)',
        querystring: z.object({ pet_id: id }),
        response: { 200: medicalListSchema, ...errors },
      },
    },
    async (request) => listPetMedicalItems(app.ctx, request.user.id, request.query.pet_id),
  );

  app.get(
    apiPaths.medicalDueSoon,
    {
      schema: {
        tags,
        summary: 'Vaccinations and dewormings of all pets due within 30 days either side of today',
        querystring: z.object({ time_zone: timeZoneField.optional() }),
        response: { 200: dueSoonListSchema, ...errors },
      },
    },
    async (request) => listDueSoon(app.ctx, request.user.id, request.query.time_zone ?? DEFAULT_TIME_ZONE),
  );

  for (const type of MEDICAL_TYPES) {
    const body = medicalBodySchemas[type];
    app.post(
      `${apiPaths.medical}/${type}`,
      {
        schema: {
          tags,
          summary: `Add a record (${type}) to a pet (403 LIMIT_REACHED when the plan has no medical data)`,
          querystring: z.object({ pet_id: id }),
          body,
          response: { 201: medicalRecordSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await createMedical(app.ctx, request.user.id, request.query.pet_id, type, request.body)),
    );

    app.put(
      `${apiPaths.medical}/${type}`,
      {
        schema: {
          tags,
          summary: `Edit a record (${type}); a record of another category answers 404; a moved reminder is rescheduled`,
          querystring: z.object({ med_id: id }),
          body,
          response: { 200: medicalRecordSchema, ...errors },
        },
      },
      async (request) => editMedical(app.ctx, request.user.id, request.query.med_id, type, request.body),
    );
  }

  app.delete(
    apiPaths.medical,
    {
      schema: {
        tags,
        summary: 'Delete a medical record and cancel its reminder',
        querystring: z.object({ med_id: id }),
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await removeMedical(app.ctx, request.user.id, request.query.med_id);
      return reply.status(204).send(null);
    },
  );
};
