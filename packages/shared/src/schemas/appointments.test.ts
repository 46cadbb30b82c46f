import { describe, expect, it } from 'vitest';
import {
  daysFromToday,
  displayDateToIso,
  displayTime,
  isoToDisplayDate,
  isValidTimeZone,
  normalizeTime,
  todayIn,
} from '../domain/dates.ts';
import {
  appointmentListItemSchema,
  createAppointmentSchema,
  toAppointmentListItem,
  updateAppointmentSchema,
} from './appointments.ts';

const inDays = (days: number) => daysFromToday(days, { timeZone: 'UTC' });

const valid = {
  appointment_type: 'Vaccination',
  reason: 'Booster',
  appointment_date: inDays(5),
  appointment_time: '09:30',
};

const fields = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('dates and times', () => {
  it('dd.MM.yyyy only, real calendar days', () => {
    expect(displayDateToIso('29.02.2024')).toBe('2024-02-29');
    for (const bad of ['29.02.2023', '1.2.2024', '2024-02-01', '32.01.2024', '01.13.2024', '01.01.1800']) {
      expect(displayDateToIso(bad)).toBeNull();
    }
    expect(isoToDisplayDate('2024-02-29')).toBe('29.02.2024');
  });

  it('24-hour times, seconds optional; shown without zero seconds', () => {
    expect(normalizeTime('09:30')).toBe('09:30:00');
    expect(normalizeTime('23:59:59')).toBe('23:59:59');
    for (const bad of ['24:00', '9:30', '09:60', '09:30 PM', '0930']) expect(normalizeTime(bad)).toBeNull();
    expect(displayTime('09:30:00')).toBe('09:30');
    expect(displayTime('09:30:05')).toBe('09:30:05');
  });

  it('IANA zones only', () => {
    for (const zone of [
      'Europe/Berlin',
      'Pacific/Auckland',
      'America/Argentina/Buenos_Aires',
      'UTC',
      'Etc/GMT+12',
    ]) {
      expect(isValidTimeZone(zone)).toBe(true);
    }
    for (const zone of ['Mars/Olympus', '+01:00', '', 'Europe/Berlin; DROP'])
      expect(isValidTimeZone(zone)).toBe(false);
    expect(todayIn('UTC', new Date('2030-01-15T23:30:00Z'))).toBe('2030-01-15');
    expect(todayIn('Pacific/Auckland', new Date('2030-01-15T23:30:00Z'))).toBe('2030-01-16');
  });
});

describe('appointment schemas', () => {
  it('a valid body passes; optional fields become null; the country is upper-cased', () => {
    const parsed = createAppointmentSchema.parse({ ...valid, email: '', country: 'de', vet_name: ' ' });
    expect(parsed).toMatchObject({
      email: null,
      country: 'DE',
      vet_name: null,
      reminder_date: null,
      reminder_time: null,
    });
  });

  it('each rule marks its field', () => {
    expect(fields(createAppointmentSchema.safeParse({ ...valid, appointment_type: 'Bath' }))).toEqual({
      appointment_type: 'Appointment_Type_Error',
    });
    expect(fields(createAppointmentSchema.safeParse({ ...valid, reason: '' }))).toEqual({
      reason: 'Required_Error',
    });
    expect(fields(createAppointmentSchema.safeParse({ ...valid, appointment_date: inDays(-2) }))).toEqual({
      appointment_date: 'Date_In_Past_Error',
    });
    expect(fields(createAppointmentSchema.safeParse({ ...valid, appointment_time: '25:00' }))).toEqual({
      appointment_time: 'Time_Format_Error',
    });
    expect(fields(createAppointmentSchema.safeParse({ ...valid, email: 'a@' }))).toEqual({
      email: 'Email_Format_Error',
    });
    expect(fields(createAppointmentSchema.safeParse({ ...valid, reminder_date: inDays(2) }))).toEqual({
      reminder_time: 'Required_Error',
    });
    expect(fields(createAppointmentSchema.safeParse({ ...valid, reminder_time: '10:00' }))).toEqual({
      reminder_date: 'Required_Error',
    });
    expect(
      fields(createAppointmentSchema.safeParse({ ...valid, reminder_time_zone: 'Nowhere/Land' })),
    ).toEqual({
      reminder_time_zone: 'Time_Zone_Error',
    });
  });

  it('the edit schema leaves the type optional and has no not-before-today rule (the server checks changes)', () => {
    const { appointment_type: _type, ...rest } = valid;
    expect(updateAppointmentSchema.safeParse({ ...rest, appointment_date: inDays(-30) }).success).toBe(true);
  });

  it('list items carry the appointment_ prefix on every name', () => {
    const item = toAppointmentListItem({
      id: 'a1',
      pet_id: 'p1',
      pet_name: 'Bello',
      appointment_type: 'Examination',
      reason: 'r',
      appointment_date: '01.01.2030',
      appointment_time: '09:30',
      vet_name: null,
      address: null,
      zip: null,
      city: null,
      country: null,
      phone: null,
      email: null,
      medication: null,
      comments: null,
      vaccination_type: null,
      reminder_date: null,
      reminder_time: null,
      reminder_time_zone: 'Europe/Berlin',
      reminder_sent_at: null,
      created_at: '2029-01-01T00:00:00.000Z',
      job_id: 'job-1',
      user_id: 'u1',
      is_upcoming: true,
    });
    expect(item.appointment_job_id).toBe('job-1');
    expect(item.appointment_user_id).toBe('u1');
    appointmentListItemSchema.parse(item);
    for (const key of Object.keys(item)) {
      if (key !== 'is_upcoming') expect(key.startsWith('appointment_')).toBe(true);
    }
    expect(item).toMatchObject({
      appointment_id: 'a1',
      appointment_pet_name: 'Bello',
      appointment_type: 'Examination',
    });
  });
});
