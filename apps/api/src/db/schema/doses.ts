import type { DoseSlot } from '@pet/shared';
import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { medicalRecords } from './medical.ts';
import { pets } from './pets.ts';

// The household's dose log (issue 49): a dose is a medication's slot on a day (its taking schedule makes it,
// nothing stores it); a row here says it was given, by whom and when. One row per dose, so two members
// checking it off at once cannot both succeed. The giver's id goes with the giver's account (the log then
// says "former member"); the rows go with the medication and the pet.

export const doseChecks = pgTable(
  'dose_checks',
  {
    id: text('id').primaryKey(),
    medicationId: text('medication_id')
      .notNull()
      .references(() => medicalRecords.id, { onDelete: 'cascade' }),
    petId: text('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    /** The dose's calendar day, in the zone of whoever gave it. */
    day: date('day', { mode: 'string' }).notNull(),
    slot: text('slot').$type<DoseSlot>().notNull(),
    givenBy: text('given_by').references(() => users.id, { onDelete: 'set null' }),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('dose_checks_dose_idx').on(t.medicationId, t.day, t.slot),
    index('dose_checks_pet_day_idx').on(t.petId, t.day),
    check('dose_checks_slot_check', sql`${t.slot} in ('mornings', 'noons', 'evenings')`),
  ],
);
