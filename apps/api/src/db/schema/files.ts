import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { documents } from './documents.ts';
import { pets } from './pets.ts';

// Files a user uploaded, whose bytes live in the storage module (local disk or S3) under
// `storage_key`. A row is deleted with its user or pet (cascade); the service removes the bytes after the
// commit. A pet and a user each have at most one picture at a time. A document's file (kind 'document') is
// uploaded first with `document_id` null and attached when the document is created; one never attached is
// removed after a day (modules/documents/orphan-files.ts).

export const storedFiles = pgTable(
  'stored_files',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    petId: text('pet_id').references(() => pets.id, { onDelete: 'cascade' }),
    /** pet-image | user-image | document */
    kind: text('kind').notNull(),
    documentId: text('document_id').references(() => documents.id, { onDelete: 'cascade' }),
    /** The name the file had on the owner's device (documents only). */
    name: text('name'),
    /** The file's place among its document's files, in the order they were attached. */
    position: integer('position'),
    storageKey: text('storage_key').notNull().unique(),
    /** From the file's first bytes, never from its name or the client's claim. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stored_files_user_id_idx').on(t.userId),
    index('stored_files_pet_id_idx').on(t.petId),
    index('stored_files_document_id_idx').on(t.documentId, t.position),
    // The clean-up job's scan: document files never attached, oldest first.
    index('stored_files_unattached_idx')
      .on(t.createdAt)
      .where(sql`${t.kind} = 'document' and ${t.documentId} is null`),
    uniqueIndex('stored_files_pet_image_uq').on(t.petId).where(sql`${t.kind} = 'pet-image'`),
    uniqueIndex('stored_files_user_image_uq').on(t.userId).where(sql`${t.kind} = 'user-image'`),
  ],
);
