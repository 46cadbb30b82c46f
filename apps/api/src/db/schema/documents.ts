import { DOCUMENT_TYPES } from '@pet/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { petRecordKeys, recordTimestamps } from './record-columns.ts';

// The documents of a user's pets (document safe and vet findings): a record with its type and description;
// its files are `stored_files` rows of kind 'document' pointing at it (files.ts), deleted with it.

/** The SQL list of the shared contract's types (none holds a quote). */
const documentTypeList = sql.raw(DOCUMENT_TYPES.map((type) => `'${type}'`).join(', '));

export const documents = pgTable(
  'documents',
  {
    ...petRecordKeys(),
    documentType: text('document_type').notNull(),
    description: text('description').notNull(),
    /** Whether the pet's sitters see it (issue 45: the documents the owner chose); co-owners see every one. */
    visibleToSitters: boolean('visible_to_sitters').notNull().default(false),
    ...recordTimestamps(),
  },
  (t) => [
    // The plan's documents_limit counts a user's documents; the list reads a pet's, newest first.
    index('documents_user_id_idx').on(t.userId),
    index('documents_pet_id_idx').on(t.petId, t.createdAt),
    check('documents_type_check', sql`${t.documentType} in (${documentTypeList})`),
  ],
);
