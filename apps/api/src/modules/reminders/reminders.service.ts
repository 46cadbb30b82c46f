import {
  DOSE_SLOTS,
  type DoseSlot,
  type DoseTimesInput,
  displayTime,
  normalizeTime,
  type PetReminders,
  type ReminderOptInInput,
} from '@pet/shared';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest } from '../../lib/errors.ts';
import type { AppContext } from '../../plugins/app-context.ts';
import { assertPetAccess, type PetRole } from '../household/pet-access.ts';
import { doseRemindersJob } from './dose-reminders.ts';
import { doseTimesOf, isOptedIn, optIn, optOut, replaceDoseTimes } from './reminders.repo.ts';

// The household's reminders of a pet (issue 49, points 2 and 3): everyone who looks after it sees the dose
// times and opts in or out for themselves; only the owner sets the times.

export type RemindersDeps = Pick<AppContext, 'db' | 'clock' | 'jobs'>;

/** The pet's dose times and the caller's own opt-in, for a caller whose role on the pet is known. */
async function readReminders(
  deps: RemindersDeps,
  userId: string,
  petId: string,
  role: PetRole,
): Promise<PetReminders> {
  const [times, optedIn] = await Promise.all([
    doseTimesOf(deps.db, petId),
    isOptedIn(deps.db, petId, userId),
  ]);
  const timeOf = (slot: DoseSlot) => {
    const row = times.find((time) => time.slot === slot);
    return row ? displayTime(row.time) : null;
  };
  return {
    dose_times: { mornings: timeOf('mornings'), noons: timeOf('noons'), evenings: timeOf('evenings') },
    dose_time_zone: times[0]?.timeZone ?? null,
    opted_in: optedIn,
    may_set_dose_times: role === 'owner',
  };
}

/** The pet's dose times and the caller's own opt-in. */
export async function remindersOf(deps: RemindersDeps, userId: string, petId: string): Promise<PetReminders> {
  const access = await assertPetAccess(deps.db, userId, petId, 'read', deps.clock());
  return readReminders(deps, userId, petId, access.role);
}

/** The owner sets the pet's dose times (null: no reminder for that slot). */
export async function setDoseTimes(
  deps: RemindersDeps,
  userId: string,
  petId: string,
  input: DoseTimesInput,
): Promise<PetReminders> {
  const access = await inTransaction(deps.db, async (tx) => {
    const owner = await assertPetAccess(tx, userId, petId, 'manage', deps.clock(), { lock: true });
    const times = DOSE_SLOTS.flatMap((slot) => {
      const time = input[slot] ? normalizeTime(input[slot]) : null;
      return time ? [{ slot, time }] : [];
    });
    await replaceDoseTimes(tx, petId, times, input.time_zone);
    return owner;
  });
  // A time set to a moment just past (within its hour) reminds now rather than at the next minute's sweep.
  await deps.jobs.send(doseRemindersJob, null);
  return readReminders(deps, userId, petId, access.role);
}

/** The caller opts in to the pet's reminder mails (in their zone), or out. */
export async function setOptIn(
  deps: RemindersDeps,
  userId: string,
  petId: string,
  input: ReminderOptInInput,
): Promise<PetReminders> {
  const access = await assertPetAccess(deps.db, userId, petId, 'read', deps.clock());
  if (input.opted_in) {
    if (!input.time_zone) throw badRequest({ time_zone: 'Time_Zone_Error' });
    await optIn(deps.db, petId, userId, input.time_zone);
  } else {
    await optOut(deps.db, petId, userId);
  }
  return readReminders(deps, userId, petId, access.role);
}
