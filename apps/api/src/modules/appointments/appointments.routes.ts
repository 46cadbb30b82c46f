import {
  appointmentListSchema,
  appointmentSchema,
  createAppointmentSchema,
  updateAppointmentSchema,
} from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { z } from 'zod';
import { SIGNED_IN_ERRORS as errors, queryId as id, TAGS } from '../../lib/route-schema.ts';
import type { SignedInRoutes } from '../auth/signed-in.ts';
import {
  appointmentIcsFor,
  createAppointment,
  editAppointment,
  listReachableUserAppointments,
  listUserAppointments,
  removeAppointment,
} from './appointments.service.ts';

// The spec's appointment calls (document 1, section 7) and the .ics download of one appointment. Who may
// do what is the service's (household/pet-access.ts): reading for anyone in the pet's household, writing for
// the owner and co-owners.

const tags = TAGS.appointments;

export const appointmentsRoutes: SignedInRoutes = async (app) => {
  app.get(
    apiPaths.petAppointments,
    {
      schema: {
        tags,
        summary: 'The pet’s appointments: upcoming (soonest first), then past (latest first)',
        querystring: z.object({ pet_id: id }),
        response: { 200: appointmentListSchema, ...errors },
      },
    },
    async (request) => listUserAppointments(app.ctx, request.user.id, request.query.pet_id),
  );

  app.get(
    apiPaths.myAppointments,
    {
      schema: {
        tags,
        summary:
          'The appointments of the user’s pets and of the pets shared with the user: upcoming (soonest first), then past (latest first)',
        response: { 200: appointmentListSchema, ...errors },
      },
    },
    async (request) => listReachableUserAppointments(app.ctx, request.user.id),
  );

  app.post(
    apiPaths.appointment,
    {
      schema: {
        tags,
        summary: 'Add an appointment to a pet (403 LIMIT_REACHED when the plan has no appointments)',
        querystring: z.object({ pet_id: id }),
        body: createAppointmentSchema,
        response: { 201: appointmentSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createAppointment(app.ctx, request.user.id, request.query.pet_id, request.body)),
  );

  app.put(
    apiPaths.appointment,
    {
      schema: {
        tags,
        summary: 'Edit an appointment; a changed reminder is rescheduled, a removed one cancelled',
        querystring: z.object({ appt_id: id }),
        body: updateAppointmentSchema,
        response: { 200: appointmentSchema, ...errors },
      },
    },
    async (request) => editAppointment(app.ctx, request.user.id, request.query.appt_id, request.body),
  );

  app.delete(
    apiPaths.appointment,
    {
      schema: {
        tags,
        summary: 'Delete an appointment and cancel its reminder',
        querystring: z.object({ appt_id: id }),
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await removeAppointment(app.ctx, request.user.id, request.query.appt_id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    apiPaths.appointmentIcs,
    {
      schema: {
        tags,
        summary: 'The appointment as an iCalendar (.ics) file',
        querystring: z.object({ appt_id: id }),
        response: { 200: z.string().describe('text/calendar (RFC 5545)'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await appointmentIcsFor(app.ctx, request.user, request.query.appt_id);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
};
