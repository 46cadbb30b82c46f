import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { pets } from './pets.ts';

// The emergency file (issue 12): the owner's personal emergency password, the log of public downloads, and
// the read-only share links of one pet.

/**
 * A personal emergency password, for an owner who redeemed no activation code (the redeemed code is the
 * password otherwise: DESIGN.md). One per user: replacing it deletes the row and inserts a new one in one
 * transaction, so the old password ends at once. Stored upper-case, like activation codes, and unique
 * across both tables (the service checks the codes table before it inserts).
 */
export const emergencyCodes = pgTable('emergency_codes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One public download of an owner's emergency file (GET /v1/emergency/public): when, in which language, and
 * coarse client information (browser and system family, never the address). `mailed_at` marks the download
 * whose mail told the owner; no other mail goes out within the hour after it.
 */
export const emergencyDownloads = pgTable(
  'emergency_downloads',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** en | de */
    language: text('language').notNull(),
    /** e.g. "Firefox on Android"; null when the request said nothing usable. */
    client: text('client'),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    index('emergency_downloads_user_id_idx').on(t.userId, t.at),
    check('emergency_downloads_language_check', sql`${t.language} in ('en', 'de')`),
  ],
);

/**
 * A read-only link to one pet for a vet or a sitter: its secret (128 bits or more) is in the link only;
 * the table keeps its SHA-256. Valid until `expires_at` (1 to 30 days after it was made) unless revoked;
 * an expired or revoked link answers like an unknown one.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    petId: text('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull().unique(),
    includeDocuments: boolean('include_documents').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('share_links_user_id_idx').on(t.userId, t.createdAt),
    index('share_links_pet_id_idx').on(t.petId),
    check('share_links_expiry_check', sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);
