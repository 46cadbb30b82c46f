import { and, asc, eq, type Placeholder, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { appointments } from '../../db/schema/appointments.ts';
import { users } from '../../db/schema/auth.ts';
import { pets } from '../../db/schema/pets.ts';
import { reminderClaims } from '../../jobs/reminders.ts';

// SQL of appointments. Every read and write is scoped by the owner's id: someone else's appointment (or
// pet) is not found. The pet's name is joined in, never stored.

export type AppointmentRow = typeof appointments.$inferSelect;
export type AppointmentInsert = typeof appointments.$inferInsert;
export type AppointmentWithPet = AppointmentRow & { petName: string };

const withPet = { appointment: appointments, petName: pets.name };
const flatten = (r: { appointment: AppointmentRow; petName: string }): AppointmentWithPet => ({
  ...r.appointment,
  petName: r.petName,
});

export async function findAppointment(
  db: DbOrTx,
  userId: string,
  appointmentId: string,
  options: { lock?: boolean } = {},
): Promise<AppointmentWithPet | undefined> {
  const query = db
    .select(withPet)
    .from(appointments)
    .innerJoin(pets, eq(pets.id, appointments.petId))
    .where(and(eq(appointments.id, appointmentId), eq(appointments.userId, userId)));
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

/** GET /v1/appointment/myappointments's read (db/prepared.ts). */
const allAppointmentsPrepared = preparedPerDatabase((db) =>
  appointmentsOf(db, sql.placeholder('userId')).prepare('list_appointments'),
);

/** The user's appointments, of one pet or of all; sorted by the service (upcoming/past). */
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

export async function insertAppointment(db: DbOrTx, values: AppointmentInsert): Promise<void> {
  await db.insert(appointments).values(values);
}

export async function updateAppointment(
  db: DbOrTx,
  userId: string,
  appointmentId: string,
  values: Partial<AppointmentInsert>,
): Promise<void> {
  await db
    .update(appointments)
    .set(values)
    .where(and(eq(appointments.id, appointmentId), eq(appointments.userId, userId)));
}

export async function deleteAppointment(db: DbOrTx, userId: string, appointmentId: string): Promise<void> {
  await db
    .delete(appointments)
    .where(and(eq(appointments.id, appointmentId), eq(appointments.userId, userId)));
}

/** The send-once claims of the reminder jobs (jobs/reminders.ts). */
export const appointmentReminderClaims = reminderClaims(appointments);

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
