import {
  type AppointmentType,
  type CalendarFeed,
  displayTime,
  isoToDisplayDate,
  type Language,
} from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { notFound } from '../../lib/errors.ts';
import { hashUrlSecret, newUrlSecret } from '../../lib/url-secret.ts';
import { mailLanguage, mailText } from '../../mail/i18n.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import {
  type AppointmentWithPet,
  findPetAppointment,
  listAppointments,
} from '../appointments/appointments.repo.ts';
import { deleteFeed, findFeed, findFeedOwner, upsertFeed } from './calendar.repo.ts';
import { buildCalendar, type IcsEvent } from './ics.ts';

// Appointments for calendar apps: one appointment as a downloaded .ics file, and a private feed of all of a
// user's appointments at a secret address (GET /v1/calendar/<secret>.ics) that calendar apps subscribe to.
// Only the secret's hash is stored: the address is shown once, when it is made; rotating or revoking it
// makes the old address answer 404.

export type CalendarDeps = Pick<AppContext, 'db' | 'publicUrl' | 'brand'>;

/** An hour: the spec's appointments have a start only. */
const EVENT_MINUTES = 60;

/** The secret part of a feed address: 256 random bits, URL-safe. */
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function feedUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${apiPaths.calendar}/${token}.ics`;
}

function eventOf(row: AppointmentWithPet, language: Language, deps: CalendarDeps): IcsEvent {
  const type = mailText(language, `appointmentType.${row.appointmentType as AppointmentType}`);
  const place = [row.zip, row.city].filter(Boolean).join(' ');
  const location = [row.vetName, row.address, place, row.country].filter(Boolean).join(', ');
  const description = [
    mailText(language, 'reminder.reason', { reason: row.reason }),
    row.vaccinationType && mailText(language, 'reminder.vaccination', { vaccination: row.vaccinationType }),
    row.vetName && mailText(language, 'reminder.vet', { vet: row.vetName }),
    row.phone && mailText(language, 'calendar.phone', { phone: row.phone }),
    row.email && mailText(language, 'calendar.email', { email: row.email }),
    row.medication && mailText(language, 'calendar.medication', { medication: row.medication }),
    row.comments && mailText(language, 'calendar.comments', { comments: row.comments }),
  ].filter((line): line is string => Boolean(line));
  return {
    uid: `${row.id}@${new URL(deps.publicUrl).host}`,
    start: row.appointmentAt,
    durationMinutes: EVENT_MINUTES,
    summary: mailText(language, 'calendar.summary', { type, pet: row.petName }),
    location: location || null,
    description: description.join('\n'),
    stamp: row.updatedAt,
    created: row.createdAt,
    alarm: row.reminderAt
      ? { at: row.reminderAt, description: mailText(language, 'calendar.alarm', { type, pet: row.petName }) }
      : null,
  };
}

const prodId = (deps: CalendarDeps) => `-//${deps.brand.displayName}//Pet portal//EN`;

/**
 * GET /v1/appointment/ics?appt_id=: the pet's appointment as a calendar file, in `language` (the caller has
 * checked that the reader may read the pet: appointments.service.ts).
 */
export async function appointmentIcs(
  deps: CalendarDeps,
  language: Language,
  petId: string,
  appointmentId: string,
): Promise<{ filename: string; body: string }> {
  const row = await findPetAppointment(deps.db, petId, appointmentId);
  if (!row) throw notFound();
  const body = buildCalendar({
    prodId: prodId(deps),
    method: 'PUBLISH',
    events: [eventOf(row, language, deps)],
  });
  const day = isoToDisplayDate(row.appointmentDate).split('.').reverse().join('-');
  return { filename: `appointment-${day}-${displayTime(row.appointmentTime).replace(':', '')}.ics`, body };
}

export async function feedStatus(deps: CalendarDeps, userId: string): Promise<CalendarFeed> {
  const row = await findFeed(deps.db, userId);
  return { exists: Boolean(row), created_at: row?.createdAt.toISOString() ?? null, url: null };
}

/** Makes a new secret address (the old one, if any, stops working) and shows it this once. */
export async function createFeed(deps: CalendarDeps, userId: string): Promise<CalendarFeed> {
  const token = newUrlSecret();
  const row = await upsertFeed(deps.db, userId, hashUrlSecret(token));
  return { exists: true, created_at: row.createdAt.toISOString(), url: feedUrl(deps.publicUrl, token) };
}

export async function revokeFeed(deps: CalendarDeps, userId: string): Promise<void> {
  await deleteFeed(deps.db, userId);
}

/** The feed behind a secret: every appointment of its owner; an unknown or revoked secret is 404. */
export async function feedIcs(deps: CalendarDeps, token: string): Promise<string> {
  if (!FEED_TOKEN.test(token)) throw notFound();
  const owner = await findFeedOwner(deps.db, hashUrlSecret(token));
  if (!owner) throw notFound();
  const language = mailLanguage(owner.language);
  const rows = await listAppointments(deps.db, owner.userId);
  return buildCalendar({
    prodId: prodId(deps),
    name: mailText(language, 'calendar.name', { brand: deps.brand.displayName }),
    events: rows.map((row) => eventOf(row, language, deps)),
  });
}
