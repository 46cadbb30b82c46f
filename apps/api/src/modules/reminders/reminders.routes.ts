import { doseTimesInputSchema, petRemindersSchema, reminderOptInSchema } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { z } from 'zod';
import { SIGNED_IN_ERRORS as errors, queryId, TAGS } from '../../lib/route-schema.ts';
import type { SignedInRoutes } from '../auth/signed-in.ts';
import { remindersOf, setDoseTimes, setOptIn } from './reminders.service.ts';

// The household's reminders of a pet (issue 49): its dose times (the owner's) and the caller's opt-in.

const tags = TAGS.reminders;
const petQuery = z.object({ pet_id: queryId });

export const remindersRoutes: SignedInRoutes = async (app) => {
  app.get(
    apiPaths.reminders,
    {
      schema: {
        tags,
        summary: 'The pet’s dose times and whether the caller receives its reminder mails',
        querystring: petQuery,
        response: { 200: petRemindersSchema, ...errors },
      },
    },
    async (request) => remindersOf(app.ctx, request.user.id, request.query.pet_id),
  );

  app.put(
    apiPaths.reminderDoseTimes,
    {
      schema: {
        tags,
        summary:
          'The owner sets the time of day each slot’s doses are due (HH:mm on the wall clock of time_zone; ' +
          'null: no reminder); a reminder mail goes at that time while a dose is not ticked',
        querystring: petQuery,
        body: doseTimesInputSchema,
        response: { 200: petRemindersSchema, ...errors },
      },
    },
    async (request) => setDoseTimes(app.ctx, request.user.id, request.query.pet_id, request.body),
  );

  app.put(
    apiPaths.reminderOptIn,
    {
      schema: {
        tags,
        summary:
          'The caller (owner or member) opts in to the pet’s reminder mails, in their time zone, or out: ' +
          'doses, and for a member the appointments and vaccinations too',
        querystring: petQuery,
        body: reminderOptInSchema,
        response: { 200: petRemindersSchema, ...errors },
      },
    },
    async (request) => setOptIn(app.ctx, request.user.id, request.query.pet_id, request.body),
  );
};
