import { DOSE_SLOTS, type DoseSlot, earliestToday } from '@pet/shared';

// Which doses a medication makes on a day (issue 49): one per slot of its taking schedule (the spec's taking
// times: Mornings 0, Noons 1, Evenings 2), on each day from its first to its last day of taking, while it is
// in use. A calendar day, the same for everyone: the member's zone decides only which day is today.

export interface DoseSchedule {
  takingSchedule: number[];
  /** ISO dates (yyyy-MM-dd); null: open. */
  takingFrom: string | null;
  takingTo: string | null;
  /** False: not taken any more (no doses); null or true: in use. */
  inUse: boolean | null;
  /** Without a first day, doses start on the day the record was added (its earliest calendar day anywhere). */
  createdAt: Date;
}

/** The first day the medication makes doses. */
export function firstDoseDay(schedule: DoseSchedule): string {
  return schedule.takingFrom ?? earliestToday(schedule.createdAt);
}

/** The slots, in the day's order, in which the medication makes a dose on `day` (yyyy-MM-dd). */
export function doseSlotsOn(schedule: DoseSchedule, day: string): DoseSlot[] {
  if (schedule.inUse === false) return [];
  if (day < firstDoseDay(schedule)) return [];
  if (schedule.takingTo !== null && day > schedule.takingTo) return [];
  return DOSE_SLOTS.filter((_, time) => schedule.takingSchedule.includes(time));
}
