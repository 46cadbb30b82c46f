import {
  doseDayQuerySchema,
  doseKeySchema,
  doseListSchema,
  doseSchema,
  dosesTodayQuerySchema,
  petDosesListSchema,
} from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { z } from 'zod';
import { errorResponses, SIGNED_IN_ERRORS as errors, TAGS } from '../../lib/route-schema.ts';
import type { SignedInRoutes } from '../auth/signed-in.ts';
import { checkDose, listDoses, todaysDoses, undoDose } from './doses.service.ts';

// The household's dose log (issue 49): a pet's doses of a day, a check-off, its undo.

const tags = TAGS.doses;

export const dosesRoutes: SignedInRoutes = async (app) => {
  app.get(
    apiPaths.doses,
    {
      schema: {
        tags,
        summary:
          'The pet’s doses of `days` days (1 to 7, one without it) ending with `date` (dd.MM.yyyy; without ' +
          'one, today in time_zone, else Berlin), newest day first: each medication’s slots of its taking ' +
          'schedule, who gave each and when; for anyone who may read the pet',
        querystring: doseDayQuerySchema,
        response: { 200: doseListSchema, ...errors },
      },
    },
    async (request) => listDoses(app.ctx, request.user.id, request.query),
  );

  app.get(
    apiPaths.dosesToday,
    {
      schema: {
        tags,
        summary:
          'Today’s doses (in time_zone, else Berlin) of every pet the caller owns or is a member of, one ' +
          'entry per pet with doses, by the pet’s name',
        querystring: dosesTodayQuerySchema,
        response: { 200: petDosesListSchema, ...errors },
      },
    },
    async (request) => todaysDoses(app.ctx, request.user.id, request.query.time_zone),
  );

  app.post(
    apiPaths.doseCheck,
    {
      schema: {
        tags,
        summary:
          'Check a dose off as given by the caller (sitters too); 409 DOSE_ALREADY_GIVEN when someone did, ' +
          'with fields.given_by and fields.given_at',
        body: doseKeySchema,
        response: { 201: doseSchema, ...errors, ...errorResponses(409) },
      },
    },
    async (request, reply) => reply.status(201).send(await checkDose(app.ctx, request.user.id, request.body)),
  );

  app.delete(
    apiPaths.doseCheck,
    {
      schema: {
        tags,
        summary:
          'Undo the caller’s own check-off within 10 minutes: 403 DOSE_UNDO_NOT_YOURS for another’s, ' +
          '409 DOSE_UNDO_EXPIRED after the 10 minutes',
        querystring: doseKeySchema,
        response: { 204: z.null().describe('Undone'), ...errors, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      await undoDose(app.ctx, request.user.id, request.query);
      return reply.status(204).send(null);
    },
  );
};
