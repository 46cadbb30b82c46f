import { text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { pets } from './pets.ts';

// The columns every record of a user's pet starts and ends with (appointments, contacts, medical records,
// documents): the record goes with its user and with its pet, and says when it was made and last changed.

export function petRecordKeys() {
  return {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    petId: text('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
  };
}

export function recordTimestamps() {
  return {
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  };
}
