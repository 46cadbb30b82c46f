import { asc, count, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products, sessions, userPlans, users } from '../../db/schema/index.ts';

// The operator's look at accounts (CLI): listing, finding, banning, verifying. Not reachable over HTTP.

export interface UserSummary {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  banned: boolean;
  banReason: string | null;
  language: string;
  createdAt: Date;
  /** Null: no membership row yet (on the brand's default plan). */
  productKey: string | null;
  productName: string | null;
}

function summaries(db: DbOrTx) {
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      emailVerified: users.emailVerified,
      banned: users.banned,
      banReason: users.banReason,
      language: users.language,
      createdAt: users.createdAt,
      productKey: products.key,
      productName: products.name,
    })
    .from(users)
    .leftJoin(userPlans, eq(userPlans.userId, users.id))
    .leftJoin(products, eq(products.id, userPlans.productId));
}

/** Oldest first, so that paging with --offset is stable while new accounts arrive. */
export async function listUsers(db: DbOrTx, limit: number, offset: number): Promise<UserSummary[]> {
  return summaries(db).orderBy(asc(users.createdAt), asc(users.id)).limit(limit).offset(offset);
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/** By e-mail (any case) or id. */
export async function findUser(db: DbOrTx, ref: string): Promise<UserSummary | undefined> {
  const [row] = await summaries(db).where(
    or(eq(users.email, ref.trim().toLowerCase()), eq(users.id, ref.trim())),
  );
  return row;
}

export async function countSessions(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId));
  return row?.n ?? 0;
}

export async function setBan(
  db: DbOrTx,
  userId: string,
  ban: { reason: string | null } | null,
): Promise<void> {
  await db
    .update(users)
    .set(
      ban
        ? { banned: true, banReason: ban.reason, banExpires: null }
        : { banned: false, banReason: null, banExpires: null },
    )
    .where(eq(users.id, userId));
}

/** Ends every session of the user at once (no cookie cache: the next request is signed out). */
export async function deleteSessions(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return rows.length;
}

export async function markVerified(db: DbOrTx, userId: string): Promise<void> {
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}
