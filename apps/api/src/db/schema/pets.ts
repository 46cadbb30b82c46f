import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

// A user's pets and their weight history. Everything that belongs to a pet (weights, appointments, files,
// and whatever later issues attach) references it with ON DELETE CASCADE, so deleting the row removes it all;
// only files on disk and pg-boss jobs need the service's help (modules/pets/pets.service.ts).

export const pets = pgTable(
  'pets',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Dog | Cat | Other */
    petType: text('pet_type').notNull(),
    /** male | female */
    gender: text('gender'),
    race: text('race'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    /** Whole centimetres, 10 to 100 (the API shows "45cm"). */
    sizeCm: integer('size_cm'),
    color: text('color'),
    features: text('features'),
    /** The chip id. */
    labeling: text('labeling'),
    ancestry: text('ancestry'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('pets_user_id_idx').on(t.userId, t.createdAt),
    check('pets_pet_type_check', sql`${t.petType} in ('Dog', 'Cat', 'Other')`),
    check('pets_gender_check', sql`${t.gender} is null or ${t.gender} in ('male', 'female')`),
    check('pets_size_check', sql`${t.sizeCm} is null or ${t.sizeCm} between 10 and 100`),
  ],
);

/**
 * One row per weight entry rather than a JSON list: entries are validated and typed by the database, and a
 * later chart or export can query them. An edit replaces the pet's whole list (the form sends all of it).
 * Newest first is the read order (date desc, then the later-entered first).
 */
export const petWeights = pgTable(
  'pet_weights',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    petId: text('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    /** kg */
    weight: numeric('weight', { precision: 8, scale: 3, mode: 'number' }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
  },
  (t) => [
    index('pet_weights_pet_id_idx').on(t.petId, t.date),
    check('pet_weights_weight_check', sql`${t.weight} >= 0`),
  ],
);

/**
 * The version of each user's pet list (GET /v1/pet): raised by triggers (migration 0017) on every write to the
 * user's pets, their weights and their pictures, inside the writing transaction. A process may keep the list's
 * answer with the version it was read at (modules/pets/pet-list-cache.ts) and send it again while the version
 * stands: the version lives in the database, so a write through any process ends what every process keeps.
 * No row yet: version 0.
 */
export const petListVersions = pgTable('pet_list_versions', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
