import { randomUUID } from 'node:crypto';
import type { EmergencyLanguage } from '@pet/shared';
import { and, desc, eq, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { activationCodeBatches, activationCodes } from '../../db/schema/codes.ts';
import { emergencyCodes, emergencyDownloads } from '../../db/schema/emergency.ts';

// The owner's emergency password (a redeemed activation code of a batch still in force, else the personal
// code of emergency_codes) and the log of public downloads.

export type PasswordSource = 'activation_code' | 'personal';
export interface EmergencyPassword {
  password: string;
  source: PasswordSource;
}

/**
 * The owner of an emergency password, or undefined. One statement whatever the reason a code does not open
 * (never issued, not redeemed, in a revoked batch, a replaced personal code), so all of them take the same
 * path and about the same time. A redeemed code opens while its batch exists and is not revoked.
 */
export async function findPasswordOwner(db: DbOrTx, code: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: sql<string>`${activationCodes.redeemedBy}` })
    .from(activationCodes)
    .innerJoin(activationCodeBatches, eq(activationCodeBatches.id, activationCodes.batchId))
    .where(
      and(
        eq(activationCodes.code, code),
        isNotNull(activationCodes.redeemedBy),
        isNull(activationCodeBatches.revokedAt),
      ),
    )
    .union(
      db
        .select({ userId: sql<string>`${emergencyCodes.userId}` })
        .from(emergencyCodes)
        .where(eq(emergencyCodes.code, code)),
    )
    .limit(1);
  return row?.userId;
}

/**
 * The password the owner gives out, in one statement: the newest redeemed activation code that still opens
 * the file, else the personal code.
 */
export async function emergencyPasswordOf(
  db: DbOrTx,
  userId: string,
): Promise<EmergencyPassword | undefined> {
  const [row] = await db
    .select({
      password: sql<string>`${activationCodes.code}`.as('password'),
      source: sql<PasswordSource>`'activation_code'`.as('source'),
      at: sql<Date | null>`${activationCodes.redeemedAt}`.as('at'),
    })
    .from(activationCodes)
    .innerJoin(activationCodeBatches, eq(activationCodeBatches.id, activationCodes.batchId))
    .where(and(eq(activationCodes.redeemedBy, userId), isNull(activationCodeBatches.revokedAt)))
    .unionAll(
      db
        .select({
          password: sql<string>`${emergencyCodes.code}`.as('password'),
          source: sql<PasswordSource>`'personal'`.as('source'),
          at: sql<Date | null>`${emergencyCodes.createdAt}`.as('at'),
        })
        .from(emergencyCodes)
        .where(eq(emergencyCodes.userId, userId)),
    )
    // 'activation_code' sorts before 'personal'.
    .orderBy(sql`source`, sql`at desc nulls last`, sql`password`)
    .limit(1);
  return row ? { password: row.password, source: row.source } : undefined;
}

/** Whether `code` is already an activation code or someone's personal code. */
export async function codeTaken(db: DbOrTx, code: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(activationCodes)
    .where(eq(activationCodes.code, code))
    .union(db.select({ one: sql<number>`1` }).from(emergencyCodes).where(eq(emergencyCodes.code, code)))
    .limit(1);
  return rows.length > 0;
}

/** Makes or replaces the user's personal code (the old one stops opening the file with this statement). */
export async function putPersonalCode(db: DbOrTx, userId: string, code: string, at: Date): Promise<void> {
  await db
    .insert(emergencyCodes)
    .values({ userId, code, createdAt: at })
    .onConflictDoUpdate({ target: emergencyCodes.userId, set: { code, createdAt: at } });
}

/** Holds the owner's row until the transaction ends: concurrent public downloads of one owner queue here. */
export async function lockOwner(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  return rows.length > 0;
}

/** When the owner was last told of a download (null: never). */
export async function lastMailedAt(db: DbOrTx, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(emergencyDownloads.mailedAt) })
    .from(emergencyDownloads)
    .where(eq(emergencyDownloads.userId, userId));
  return row?.at ?? null;
}

export async function insertDownload(
  db: DbOrTx,
  values: {
    userId: string;
    at: Date;
    language: EmergencyLanguage;
    client: string | null;
    mailedAt: Date | null;
  },
): Promise<void> {
  await db.insert(emergencyDownloads).values({ id: randomUUID(), ...values });
}

export async function listDownloads(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({
      at: emergencyDownloads.at,
      language: emergencyDownloads.language,
      client: emergencyDownloads.client,
    })
    .from(emergencyDownloads)
    .where(eq(emergencyDownloads.userId, userId))
    .orderBy(desc(emergencyDownloads.at), desc(emergencyDownloads.id))
    .limit(limit);
}

/** Who the "your pet's emergency file was opened" mail goes to. */
export async function ownerContact(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
