import { randomUUID } from 'node:crypto';
import type { Plan, Product } from '@pet/shared';
import { and, asc, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';
import type { CatalogueEntry } from './catalogue.ts';

export type ProductRow = typeof products.$inferSelect;

/** The product as the API shows it (snake_case, prices in euro as numbers). */
export function toProduct(row: ProductRow): Product {
  return {
    ...toPlan(row),
    partner_id: row.partnerId,
    key: row.key,
    monthly_price_id: row.monthlyPriceId,
    yearly_price_id: row.yearlyPriceId,
    stripe_id: row.stripeId,
    tracker_price: row.trackerPrice === null ? null : Number(row.trackerPrice),
  };
}

/** The plan fields myinfo carries. */
export function toPlan(row: ProductRow): Plan {
  return {
    id: row.id,
    name: row.name,
    sequence: row.sequence,
    internal_note: row.internalNote,
    is_default: row.isDefault,
    pets_limit: row.petsLimit,
    documents_limit: row.documentsLimit,
    appointments: row.appointments,
    medical: row.medical,
    emergency_file: row.emergencyFile,
    gps_tracking: row.gpsTracking,
    duration: row.duration,
    monthly_price: Number(row.monthlyPrice),
    yearly_price: Number(row.yearlyPrice),
  };
}

/** Column values of a catalogue entry (everything but id and partner). */
export function entryColumns(entry: CatalogueEntry) {
  return {
    key: entry.key,
    name: entry.name,
    sequence: entry.sequence,
    isDefault: entry.is_default,
    petsLimit: entry.pets_limit,
    documentsLimit: entry.documents_limit,
    appointments: entry.appointments,
    medical: entry.medical,
    emergencyFile: entry.emergency_file,
    gpsTracking: entry.gps_tracking,
    monthlyPrice: entry.monthly_price,
    yearlyPrice: entry.yearly_price,
    monthlyPriceId: entry.monthly_price_id,
    yearlyPriceId: entry.yearly_price_id,
    stripeId: entry.stripe_id,
    duration: entry.duration,
    internalNote: entry.internal_note,
    trackerPrice: entry.tracker_price,
    active: entry.active,
  };
}
export type ProductColumns = ReturnType<typeof entryColumns>;

export async function listProducts(
  db: DbOrTx,
  partnerId: string,
  options: { activeOnly: boolean },
): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(
      options.activeOnly
        ? and(eq(products.partnerId, partnerId), eq(products.active, true))
        : eq(products.partnerId, partnerId),
    )
    .orderBy(asc(products.sequence), asc(products.key));
}

export async function findProductById(db: DbOrTx, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row;
}

/** By id, or by key within the partner: how the operator names a product. */
export async function findProductByRef(
  db: DbOrTx,
  partnerId: string,
  ref: string,
): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.partnerId, partnerId), or(eq(products.id, ref), eq(products.key, ref))));
  return row;
}

export async function findDefaultProduct(db: DbOrTx, partnerId: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.partnerId, partnerId), eq(products.isDefault, true)));
  return row;
}

export async function insertProduct(
  db: DbOrTx,
  partnerId: string,
  columns: ProductColumns,
): Promise<ProductRow | undefined> {
  const [row] = await db
    .insert(products)
    .values({ id: randomUUID(), partnerId, ...columns })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updateProduct(db: DbOrTx, id: string, columns: Partial<ProductColumns>): Promise<void> {
  await db.update(products).set(columns).where(eq(products.id, id));
}

/** Takes the default flag from whichever product of the partner holds it (at most one does). */
export async function clearDefault(db: DbOrTx, partnerId: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .update(products)
    .set({ isDefault: false })
    .where(and(eq(products.partnerId, partnerId), eq(products.isDefault, true)))
    .returning();
  return row;
}
