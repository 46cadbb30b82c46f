import type { DoseSlot } from '@pet/shared';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { householdMembers } from '../../db/schema/household.ts';
import { pets } from '../../db/schema/pets.ts';
import { doseReminderTimes, reminderDeliveries, reminderOptIns } from '../../db/schema/reminders.ts';
import { membershipOf, reachedBy } from '../household/pet-access.ts';

// The household's reminders of a pet (issue 49): the owner's dose times, each person's opt-in, who receives
// a pet's reminder mails now, and the per-recipient claim that keeps a reminder mail from going out twice.

export type DoseTimeRow = { slot: DoseSlot; time: string; timeZone: string };

/** The pet's dose times, one row per slot that has one. */
export function doseTimesOf(db: DbOrTx, petId: string): Promise<DoseTimeRow[]> {
  return db
    .select({
      slot: doseReminderTimes.slot,
      time: doseReminderTimes.time,
      timeZone: doseReminderTimes.timeZone,
    })
    .from(doseReminderTimes)
    .where(eq(doseReminderTimes.petId, petId));
}

/** Replaces the pet's dose times with `times` (slots left out have none). */
export async function replaceDoseTimes(
  db: DbOrTx,
  petId: string,
  times: { slot: DoseSlot; time: string }[],
  timeZone: string,
): Promise<void> {
  await db.delete(doseReminderTimes).where(eq(doseReminderTimes.petId, petId));
  if (times.length > 0)
    await db.insert(doseReminderTimes).values(times.map((row) => ({ ...row, petId, timeZone })));
}

/** Every pet's dose times with the pet's name (the dose reminders' sweep: a row per pet and slot, a few per pet). */
export function allDoseTimes(db: DbOrTx): Promise<(DoseTimeRow & { petId: string; petName: string })[]> {
  return db
    .select({
      petId: doseReminderTimes.petId,
      petName: pets.name,
      slot: doseReminderTimes.slot,
      time: doseReminderTimes.time,
      timeZone: doseReminderTimes.timeZone,
    })
    .from(doseReminderTimes)
    .innerJoin(pets, eq(pets.id, doseReminderTimes.petId));
}

/** Whether the user has opted in to the pet's reminders. */
export async function isOptedIn(db: DbOrTx, petId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ petId: reminderOptIns.petId })
    .from(reminderOptIns)
    .where(and(eq(reminderOptIns.petId, petId), eq(reminderOptIns.userId, userId)));
  return row !== undefined;
}

/** Opts the user in (in `timeZone`, which a second opt-in updates). */
export async function optIn(db: DbOrTx, petId: string, userId: string, timeZone: string): Promise<void> {
  await db
    .insert(reminderOptIns)
    .values({ petId, userId, timeZone })
    .onConflictDoUpdate({ target: [reminderOptIns.petId, reminderOptIns.userId], set: { timeZone } });
}

export async function optOut(db: DbOrTx, petId: string, userId: string): Promise<void> {
  await db
    .delete(reminderOptIns)
    .where(and(eq(reminderOptIns.petId, petId), eq(reminderOptIns.userId, userId)));
}

export type ReminderRecipient = {
  userId: string;
  email: string;
  name: string;
  language: string;
  timeZone: string;
  isOwner: boolean;
};

/**
 * Who receives the pet's reminder mails at `now`: everyone opted in who still reaches the pet (its owner, or
 * a member whose membership is open), by name. A former member's opt-in stays but sends nothing.
 */
export function optedInRecipients(db: DbOrTx, petId: string, now: Date): Promise<ReminderRecipient[]> {
  const optedIn = sql<string>`${reminderOptIns.userId}`;
  return db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      language: users.language,
      timeZone: reminderOptIns.timeZone,
      isOwner: sql<boolean>`${pets.userId} = ${reminderOptIns.userId}`,
    })
    .from(reminderOptIns)
    .innerJoin(pets, eq(pets.id, reminderOptIns.petId))
    .innerJoin(users, eq(users.id, reminderOptIns.userId))
    .leftJoin(householdMembers, membershipOf(optedIn, now))
    .where(and(eq(reminderOptIns.petId, petId), reachedBy(optedIn)))
    .orderBy(users.name, users.id);
}

/**
 * The members (not the owner) who receive the pet's reminder mails at `now`: those of reminders the owner set
 * for a record, which the owner receives anyway.
 */
export async function memberRecipients(db: DbOrTx, petId: string, now: Date): Promise<ReminderRecipient[]> {
  return (await optedInRecipients(db, petId, now)).filter((recipient) => !recipient.isOwner);
}

/** A reminder mail to one person: the reminder it is (`dose:...`, `appointment:<id>`), when it is due. */
export type DeliveryKey = { reminder: string; dueAt: Date; userId: string };

/** Claims the mail before it is sent: whether this process may send it (no one did or does). */
export async function claimDelivery(db: DbOrTx, key: DeliveryKey, now: Date): Promise<boolean> {
  const taken = await db
    .insert(reminderDeliveries)
    .values({ ...key, claimedAt: now })
    .onConflictDoNothing()
    .returning({ userId: reminderDeliveries.userId });
  return taken.length > 0;
}

/** Gives the claim back after a failed send, so a retry sends it. */
export async function releaseDelivery(db: DbOrTx, key: DeliveryKey): Promise<void> {
  await db
    .delete(reminderDeliveries)
    .where(
      and(
        eq(reminderDeliveries.reminder, key.reminder),
        eq(reminderDeliveries.dueAt, key.dueAt),
        eq(reminderDeliveries.userId, key.userId),
      ),
    );
}

/** Forgets the claims made before `before` (their reminders are long past): how many. */
export async function forgetDeliveries(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db
    .delete(reminderDeliveries)
    .where(lt(reminderDeliveries.claimedAt, before))
    .returning({ userId: reminderDeliveries.userId });
  return gone.length;
}

/** The user's opt-ins, for every pet (the account's data export). */
export function optInsOf(db: DbOrTx, userId: string) {
  return db
    .select({
      petId: reminderOptIns.petId,
      timeZone: reminderOptIns.timeZone,
      since: reminderOptIns.createdAt,
    })
    .from(reminderOptIns)
    .where(eq(reminderOptIns.userId, userId))
    .orderBy(reminderOptIns.createdAt);
}
