import type { DoseSlot } from '@pet/shared';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { pets } from './pets.ts';

// The household's reminders of a pet (issue 49, points 2 and 3): when its doses are due (set by the owner),
// who of the people looking after it wants reminder mails (each for themselves), and each mail handed out,
// so that no reminder reaches anyone twice, whichever process sends it.

/** The time of day a slot's doses are due, on the wall clock of `time_zone` (the owner's when set). */
export const doseReminderTimes = pgTable(
  'dose_reminder_times',
  {
    petId: text('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    slot: text('slot').$type<DoseSlot>().notNull(),
    /** HH:mm */
    time: text('time').notNull(),
    timeZone: text('time_zone').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.petId, t.slot] }),
    check('dose_reminder_times_slot_check', sql`${t.slot} in ('mornings', 'noons', 'evenings')`),
  ],
);

/**
 * Someone who looks after the pet (its owner or a member) wants its reminder mails: its doses', and a
 * member its appointments' and vaccinations' too (the owner gets those anyway). `time_zone` is theirs (their
 * browser's when they opted in): their mails name times on their clock. Access is checked again at each mail.
 */
export const reminderOptIns = pgTable(
  'reminder_opt_ins',
  {
    petId: text('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    timeZone: text('time_zone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.petId, t.userId] }), index('reminder_opt_ins_user_idx').on(t.userId)],
);

/**
 * One reminder mail handed to the mail server, or about to be: inserted before the send (the claim), removed
 * again when the send fails. `reminder` names what it reminds of (`dose:<pet>:<day>:<slot>`,
 * `appointment:<id>`, `medical:<id>`) and `due_at` when, so a moved reminder is a new one.
 */
export const reminderDeliveries = pgTable(
  'reminder_deliveries',
  {
    reminder: text('reminder').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.reminder, t.dueAt, t.userId] }),
    index('reminder_deliveries_claimed_idx').on(t.claimedAt),
  ],
);
