import { type AnyColumn, and, count, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { billingCustomers, orders } from '../../../db/schema/index.ts';
import { qualified } from '../../../db/sql.ts';

// Orders and the provider customer (made with the first order). Every query about a user's things is scoped
// by that user's id.

export type OrderRow = typeof orders.$inferSelect;

export const OPEN_STATUSES = ['pending', 'processing'] as const;

export async function findOpenOrder(db: DbOrTx, userId: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, [...OPEN_STATUSES])))
    .limit(1);
  return row;
}

/**
 * A pending order whose payment the browser never confirmed within this time was abandoned (the tab closed
 * between the order and its confirmation, a 3-D Secure page left open): it no longer blocks the user's
 * next order, which replaces it after the provider confirms that nothing was paid.
 */
export const ABANDONED_PENDING_ORDER_MS = 60 * 60 * 1000;

export function isAbandonedOrder(order: OrderRow, now: Date): boolean {
  return (
    order.status === 'pending' && now.getTime() - order.createdAt.getTime() >= ABANDONED_PENDING_ORDER_MS
  );
}

/** The open order that blocks a new one (spec "Order already placed"): not an abandoned pending one. */
export async function findBlockingOrder(
  db: DbOrTx,
  userId: string,
  now: Date,
): Promise<OrderRow | undefined> {
  const open = await findOpenOrder(db, userId);
  return open && !isAbandonedOrder(open, now) ? open : undefined;
}

export async function findOwnOrder(db: DbOrTx, userId: string, id: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)));
  return row;
}

export async function hasPaidTracker(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'paid'), gt(orders.trackerCents, 0)))
    .limit(1);
  return row !== undefined;
}

export async function findCustomerRef(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ ref: billingCustomers.customerRef })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, userId));
  return row?.ref;
}

/** Keeps the first customer written for the user (two first orders at once make one). */
export async function insertCustomer(
  db: DbOrTx,
  userId: string,
  provider: string,
  customerRef: string,
): Promise<void> {
  await db.insert(billingCustomers).values({ userId, provider, customerRef }).onConflictDoNothing();
}

export async function insertOrder(db: DbOrTx, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  return row!;
}

export async function updateOrder(
  db: DbOrTx,
  id: string,
  set: Partial<typeof orders.$inferInsert>,
): Promise<void> {
  await db.update(orders).set(set).where(eq(orders.id, id));
}

/** Moves an order only from one of `from` (statuses only move forward). */
export async function moveOrder(
  db: DbOrTx,
  id: string,
  from: readonly string[],
  set: Partial<typeof orders.$inferInsert>,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set(set)
    .where(and(eq(orders.id, id), inArray(orders.status, [...from])))
    .returning();
  return row;
}

export async function lockOrderByRef(
  db: DbOrTx,
  provider: string,
  paymentRef: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.provider, provider), eq(orders.paymentRef, paymentRef)))
    .for('update');
  return row;
}

export async function listOwnOrders(
  db: DbOrTx,
  userId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const visible = and(eq(orders.userId, userId), ne(orders.status, 'canceled'));
  const [counted] = await db.select({ n: count() }).from(orders).where(visible);
  const rows = await db
    .select()
    .from(orders)
    .where(visible)
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .offset(page.offset)
    .limit(page.limit);
  return { rows, total: counted?.n ?? 0 };
}

/** The provider customer's id, for the profile query to embed (null before the first order). */
export function customerRefOf(userId: AnyColumn) {
  return sql<string | null>`(
    select ${billingCustomers.customerRef} from ${billingCustomers}
    where ${billingCustomers.userId} = ${qualified(userId)}
  )`;
}
