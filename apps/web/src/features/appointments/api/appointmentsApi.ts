import type {
  Appointment,
  AppointmentListItem,
  CreateAppointmentInput,
  UpdateAppointmentInput,
} from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api/client.ts';

// The appointment calls of spec 1 section 7. Both lists live under one key prefix, so a save or a delete
// refreshes the list on screen and marks the other one stale with a single invalidation.

export const appointmentsKey = ['appointments'] as const;

/** GET /v1/appointment/myappointments: every appointment of the user, upcoming first (soonest first). */
export const myAppointmentsQuery = queryOptions({
  queryKey: [...appointmentsKey, 'mine'] as const,
  queryFn: ({ signal }) => apiFetch<AppointmentListItem[]>(apiPaths.myAppointments, { signal }),
});

/** GET /v1/appointment/mypetappointments?pet_id=: one pet's appointments, in the same order. */
export function petAppointmentsQuery(petId: string) {
  return queryOptions({
    queryKey: [...appointmentsKey, 'pet', petId] as const,
    queryFn: ({ signal }) =>
      apiFetch<AppointmentListItem[]>(apiPaths.petAppointments, {
        query: { pet_id: petId },
        signal,
      }),
  });
}

/** POST /v1/appointment?pet_id=: answers the new appointment (403 LIMIT_REACHED without appointments). */
export function createAppointment(petId: string, body: CreateAppointmentInput) {
  return apiFetch<Appointment>(apiPaths.appointment, { method: 'POST', query: { pet_id: petId }, body });
}

/** PUT /v1/appointment?appt_id=: answers the appointment with its new values. */
export function updateAppointment(appointmentId: string, body: UpdateAppointmentInput) {
  return apiFetch<Appointment>(apiPaths.appointment, {
    method: 'PUT',
    query: { appt_id: appointmentId },
    body,
  });
}

/** DELETE /v1/appointment?appt_id= (204). */
export function deleteAppointment(appointmentId: string) {
  return apiFetch<void>(apiPaths.appointment, { method: 'DELETE', query: { appt_id: appointmentId } });
}

/** GET /v1/appointment/ics?appt_id=: the appointment as iCalendar text. */
export async function fetchAppointmentIcs(appointmentId: string): Promise<string> {
  const answer = await apiFetch<unknown>(apiPaths.appointmentIcs, { query: { appt_id: appointmentId } });
  return typeof answer === 'string' ? answer : '';
}
