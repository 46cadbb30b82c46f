import { and, asc, eq, inArray, or, type Placeholder, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { appointments } from '../../db/schema/appointments.ts';
import { users } from '../../db/schema/auth.ts';
import { pets } from '../../db/schema/pets.ts';
import { reminderClaims } from '../../jobs/reminders.ts';
import { memberPetIds } from '../household/pet-access.ts';

// SQL of appointments. The service checks the user's access to the pet (modules/household/pet-access.ts)
// and reads and writes here scoped by that pet; an appointment is stored under the pet owner's id (whoever
// added it). The read by the owner's id (listAppointments) is the calendar feed's (the owner's appointments).
// The pet's name is joined in, never stored.

export type AppointmentRow = typeof appointments.$inferSelect;
export type AppointmentInsert = typeof appointments.$inferInsert;
export type AppointmentWithPet = AppointmentRow & { petName: string };

const withPet = { appointment: appointments, petName: pets.name };
const flatten = (r: { appointment: AppointmentRow; petName: string }): AppointmentWithPet => ({
  ...r.appointment,
  petName: r.petName,
});

/** The pet's appointment, or undefined (missing, or of another pet). */
export async function findPetAppointment(
  db: DbOrTx,
  petId: string,
  appointmentId: string,
  options: { lock?: boolean } = {},
): Promise<AppointmentWithPet | undefined> {
  const query = db
    .select(withPet)
    .from(appointments)
    .innerJoin(pets, eq(pets.id, appointments.petId))
    .where(and(eq(appointments.id, appointmentId), eq(appointments.petId, petId)));
  const [row] = await (options.lock ? query.for('update', { of: appointments }) : query);
  return row && flatten(row);
}

function appointmentsOf(db: DbOrTx, userId: Placeholder<'userId'> | string) {
  return db
    .select(withPet)
    .from(appointments)
    .innerJoin(pets, eq(pets.id, appointments.petId))
    .where(eq(appointments.userId, userId))
    .orderBy(asc(appointments.appointmentAt), asc(appointments.id));
}

/** The calendar feed's read (db/prepared.ts). */
const allAppointmentsPrepared = preparedPerDatabase((db) =>
  appointmentsOf(db, sql.placeholder('userId')).prepare('list_appointments'),
);

/** The owner's own appointments, of one pet or of all; sorted by the service (upcoming/past). */
export async function listAppointments(
  db: DbOrTx,
  userId: string,
  petId?: string,
): Promise<AppointmentWithPet[]> {
  if (petId === undefined) {
    const statement = allAppointmentsPrepared(db);
    const rows = statement ? await statement.execute({ userId }) : await appointmentsOf(db, userId);
    return rows.map(flatten);
  }
  const rows = await db
    .select(withPet)
    .from(appointments)
    .innerJoin(pets, eq(pets.id, appointments.petId))
    .where(and(eq(appointments.userId, userId), eq(appointments.petId, petId)))
    .orderBy(asc(appointments.appointmentAt), asc(appointments.id));
  return rows.map(flatten);
}

/** The pet's appointments (whoever added them); sorted by the service (upcoming/past). */
export async function listPetAppointments(db: DbOrTx, petId: string): Promise<AppointmentWithPet[]> {
  const rows = await db
    .select(withPet)
    .from(appointments)
    .innerJoin(pets, eq(pets.id, appointments.petId))
    .where(eq(appointments.petId, petId))
    .orderBy(asc(appointments.appointmentAt), asc(appointments.id));
  return rows.map(flatten);
}

type Param<Name extends string> = Placeholder<Name> | string;

/** The user's own appointments and those of the pets the user is a member of at `now`, one statement. */
function reachableAppointmentsOf(db: DbOrTx, userId: Param<'userId'>, now: Param<'now'>) {
  return db
    .select(withPet)
    .from(appointments)
    .innerJoin(pets, eq(pets.id, appointments.petId))
    .where(
      or(
        eq(appointments.userId, userId),
        inArray(appointments.petId, memberPetIds(db, userId, sql`${now}::timestamptz`)),
      ),
    )
    .orderBy(asc(appointments.appointmentAt), asc(appointments.id));
}

/** GET /v1/appointment/myappointments's read (db/prepared.ts). */
const reachableAppointmentsPrepared = preparedPerDatabase((db) =>
  reachableAppointmentsOf(db, sql.placeholder('userId'), sql.placeholder('now')).prepare(
    'list_reachable_appointments',
  ),
);

/**
 * The appointments of every pet the user reaches at `now`: the user's own and those of the pets the user is
 * currently a member of (any role); sorted by the service (upcoming/past).
 */
export async function listReachableAppointments(
  db: DbOrTx,
  userId: string,
  now: Date,
): Promise<AppointmentWithPet[]> {
  const at = now.toISOString();
  const statement = reachableAppointmentsPrepared(db);
  const rows = statement
    ? await statement.execute({ userId, now: at })
    : await reachableAppointmentsOf(db, userId, at);
  return rows.map(flatten);
}

export async function insertAppointment(db: DbOrTx, values: AppointmentInsert): Promise<void> {
  await db.insert(appointments).values(values);
}

export async function updateAppointment(
  db: DbOrTx,
  petId: string,
  appointmentId: string,
  values: Partial<AppointmentInsert>,
): Promise<void> {
  await db
    .update(appointments)
    .set(values)
    .where(and(eq(appointments.id, appointmentId), eq(appointments.petId, petId)));
}

export async function deleteAppointment(db: DbOrTx, petId: string, appointmentId: string): Promise<void> {
  await db.delete(appointments).where(and(eq(appointments.id, appointmentId), eq(appointments.petId, petId)));
}

/** The send-once claims of the reminder jobs (jobs/reminders.ts). */
export const appointmentReminderClaims = reminderClaims(appointments, 'appointment');

export interface ReminderDetails {
  appointment: AppointmentRow;
  pet: { id: string; name: string };
  user: { email: string; name: string; language: string };
}

export async function reminderDetails(
  db: DbOrTx,
  appointmentId: string,
): Promise<ReminderDetails | undefined> {
  const [row] = await db
    .select({
      appointment: appointments,
      pet: { id: pets.id, name: pets.name },
      user: { email: users.email, name: users.name, language: users.language },
    })
    .from(appointments)
    .innerJoin(pets, eq(pets.id, appointments.petId))
    .innerJoin(users, eq(users.id, appointments.userId))
    .where(eq(appointments.id, appointmentId));
  return row;
}
