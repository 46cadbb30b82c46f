import {
  appointmentListSchema,
  appointmentSchema,
  brandConfig,
  createAppointmentSchema,
  errorBodySchema,
  updateAppointmentSchema,
} from '@pet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/auth.plugin.ts';
import { appointmentIcs, type CalendarDeps } from '../calendar/calendar.service.ts';
import {
  type AppointmentsDeps,
  createAppointment,
  editAppointment,
  listUserAppointments,
  removeAppointment,
} from './appointments.service.ts';

// The spec's appointment calls (document 1, section 7) and the .ics download of one appointment.

const tags = ['appointments'];
const security: Array<Record<string, string[]>> = [{ cookie: [] }, { bearer: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** An id in the query: anything that is not the user's answers 404. */
const id = z
  .string({ error: 'Required_Error' })
  .trim()
  .min(1, 'Required_Error')
  .max(64, 'Invalid_Value_Error');

export const appointmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const brand = brandConfig(app.env.BRAND);
  const deps: AppointmentsDeps = { db: app.database.db, brand, jobs: app.jobs, clock: app.clock };
  const calendar: CalendarDeps = {
    db: app.database.db,
    publicUrl: app.env.PUBLIC_URL,
    brand: brand.displayName,
  };

  app.get(
    '/v1/appointment/mypetappointments',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'The pet’s appointments: upcoming (soonest first), then past (latest first)',
        querystring: z.object({ pet_id: id }),
        response: { 200: appointmentListSchema, ...errors },
      },
    },
    async (request) => listUserAppointments(deps, request.user!.id, request.query.pet_id),
  );

  app.get(
    '/v1/appointment/myappointments',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'All of the user’s appointments: upcoming (soonest first), then past (latest first)',
        response: { 200: appointmentListSchema, ...errors },
      },
    },
    async (request) => listUserAppointments(deps, request.user!.id),
  );

  app.post(
    '/v1/appointment',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Add an appointment to a pet (403 LIMIT_REACHED when the plan has no appointments)',
        querystring: z.object({ pet_id: id }),
        body: createAppointmentSchema,
        response: { 201: appointmentSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createAppointment(deps, request.user!.id, request.query.pet_id, request.body)),
  );

  app.put(
    '/v1/appointment',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Edit an appointment; a changed reminder is rescheduled, a removed one cancelled',
        querystring: z.object({ appt_id: id }),
        body: updateAppointmentSchema,
        response: { 200: appointmentSchema, ...errors },
      },
    },
    async (request) => editAppointment(deps, request.user!.id, request.query.appt_id, request.body),
  );

  app.delete(
    '/v1/appointment',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Delete an appointment and cancel its reminder',
        querystring: z.object({ appt_id: id }),
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await removeAppointment(deps, request.user!.id, request.query.appt_id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/v1/appointment/ics',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'The appointment as an iCalendar (.ics) file',
        querystring: z.object({ appt_id: id }),
        response: { 200: z.string().describe('text/calendar (RFC 5545)'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await appointmentIcs(calendar, request.user!, request.query.appt_id);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
};
