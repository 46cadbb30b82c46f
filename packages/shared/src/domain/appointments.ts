// The appointments domain's constants and helpers, without zod: a page that only displays imports these and
// loads no schema (issue 46). The requests' and answers' schemas are in schemas/appointments.ts.

export const APPOINTMENT_TYPES = ['Examination', 'Vaccination', 'Operation', 'Deworming'] as const;

export type AppointmentType = (typeof APPOINTMENT_TYPES)[number];

/** The zone used when a client sends none (the spec's clients always send the browser's). */
export const DEFAULT_TIME_ZONE = 'Europe/Berlin';

export const APPOINTMENT_LIMITS = {
  reason: 500,
  vetName: 100,
  address: 200,
  zip: 20,
  city: 80,
  phone: 40,
  medication: 500,
  comments: 1000,
  vaccinationType: 100,
  petName: 100,
} as const;
