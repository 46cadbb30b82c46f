import { type AppointmentListItem, daysFromToday } from '@pet/shared';
import { fakeMyInfo } from '../../../test/fetchMock.ts';
import { fakePet } from '../../../test/pets.ts';
import { BASIC, FREE } from '../../../test/plans.ts';

// Test data of the appointment screens, shaped as the API answers it.

/** A date `days` from today in the browser's zone (the forms' "today"), as the API writes it (dd.MM.yyyy). */
export function dayFromToday(days: number): string {
  return daysFromToday(days, { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
}

export { fakePet };

export const BELLO = fakePet();
export const MIEZE = fakePet({ id: 'pet-2', name: 'Mieze', pet_type: 'Cat' });

export function fakeAppointment(overrides: Partial<AppointmentListItem> = {}): AppointmentListItem {
  const upcoming = overrides.is_upcoming ?? true;
  return {
    appointment_id: 'appt-1',
    appointment_pet_id: BELLO.id,
    appointment_pet_name: BELLO.name,
    appointment_type: 'Examination',
    appointment_reason: 'Annual check-up',
    appointment_date: dayFromToday(upcoming ? 7 : -7),
    appointment_time: '14:30',
    appointment_vet_name: 'Dr. Huf',
    appointment_address: 'Hauptstraße 1',
    appointment_zip: '10115',
    appointment_city: 'Berlin',
    appointment_country: 'DE',
    appointment_phone: '+49 30 123456',
    appointment_email: null,
    appointment_medication: null,
    appointment_comments: null,
    appointment_vaccination_type: null,
    appointment_reminder_date: null,
    appointment_reminder_time: null,
    appointment_reminder_time_zone: 'Europe/Berlin',
    appointment_reminder_sent_at: null,
    appointment_created_at: '2025-01-01T10:00:00.000Z',
    appointment_job_id: null,
    appointment_user_id: 'u1',
    is_upcoming: upcoming,
    ...overrides,
  };
}

/** myinfo of a user whose plan includes appointments (Basic), with the given pets. */
export function meWithAppointments(pets: Array<{ id: string; name: string }> = [BELLO]) {
  return fakeMyInfo({ product: BASIC, pets: pets.map(({ id, name }) => ({ id, name })) });
}

/** myinfo of a user on the free plan: no appointments. */
export function meOnFreePlan(pets: Array<{ id: string; name: string }> = [BELLO]) {
  return fakeMyInfo({ product: FREE, pets: pets.map(({ id, name }) => ({ id, name })) });
}
