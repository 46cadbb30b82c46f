import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type CatalogueEntry, type CatalogueFile, loadAllCatalogues } from './catalogue.ts';
import {
  clearDefault,
  entryColumns,
  insertProduct,
  listProducts,
  type ProductRow,
  updateProduct,
} from './products.repo.ts';

// The catalogue's two writers: the seed on start (missing keys only: the operator's edits stand) and the
// operator's upsert (by key, reporting each change).

export class CatalogueError extends Error {}

export function rowToEntry(row: ProductRow): CatalogueEntry {
  return {
    key: row.key,
    name: row.name,
    sequence: row.sequence,
    is_default: row.isDefault,
    pets_limit: row.petsLimit,
    documents_limit: row.documentsLimit,
    appointments: row.appointments,
    medical: row.medical,
    emergency_file: row.emergencyFile,
    gps_tracking: row.gpsTracking,
    monthly_price: Number(row.monthlyPrice),
    yearly_price: Number(row.yearlyPrice),
    monthly_price_id: row.monthlyPriceId,
    yearly_price_id: row.yearlyPriceId,
    stripe_id: row.stripeId,
    duration: row.duration,
    internal_note: row.internalNote,
    tracker_price: row.trackerPrice === null ? null : Number(row.trackerPrice),
    active: row.active,
  };
}

/** Inserts every catalogue product whose key the partner does not have yet; returns how many. */
export async function seedCatalogues(db: Db, files?: CatalogueFile[]): Promise<number> {
  let inserted = 0;
  for (const file of files ?? (await loadAllCatalogues())) {
    inserted += await inTransaction(db, async (tx) => {
      const existing = await listProducts(tx, file.partner_id, { activeOnly: false });
      const keys = new Set(existing.map((p) => p.key));
      // An operator may have made another product the default; the seed never takes that away.
      let hasDefault = existing.some((p) => p.isDefault);
      let count = 0;
      for (const entry of file.products) {
        if (keys.has(entry.key)) continue;
        const columns = { ...entryColumns(entry), isDefault: entry.is_default && !hasDefault };
        if (await insertProduct(tx, file.partner_id, columns)) count += 1;
        hasDefault ||= columns.isDefault;
      }
      return count;
    });
  }
  return inserted;
}

export interface ProductChange {
  key: string;
  action: 'created' | 'updated' | 'unchanged';
  /** "yearly_price: 49.99 -> 44.99" */
  changes: string[];
}

const show = (value: unknown) => (value === null ? 'null' : String(value));

/**
 * Creates or updates the file's products by key, in one transaction. Products of the partner that the file
 * does not name are left alone, except that a new default takes the flag from the old one.
 */
export async function upsertCatalogue(db: Db, file: CatalogueFile): Promise<ProductChange[]> {
  return inTransaction(db, async (tx) => {
    const existing = await listProducts(tx, file.partner_id, { activeOnly: false });
    const byKey = new Map(existing.map((p) => [p.key, p]));
    const currentDefault = existing.find((p) => p.isDefault);
    const fileDefault = file.products.find((p) => p.is_default);
    const currentInFile = currentDefault && file.products.find((p) => p.key === currentDefault.key);
    const keptDefault = currentInFile
      ? currentInFile.is_default
        ? currentInFile
        : undefined
      : currentDefault && rowToEntry(currentDefault);
    const finalDefault = fileDefault ?? keptDefault;
    if (!finalDefault) throw new CatalogueError(`partner ${file.partner_id} would have no default product`);
    if (!finalDefault.active)
      throw new CatalogueError(`the default product ${finalDefault.key} must be active`);

    const report: ProductChange[] = [];
    if (fileDefault && currentDefault && currentDefault.key !== fileDefault.key) {
      await clearDefault(tx, file.partner_id);
      if (!file.products.some((p) => p.key === currentDefault.key)) {
        report.push({ key: currentDefault.key, action: 'updated', changes: ['is_default: true -> false'] });
      }
    }
    // Products losing the flag are written before the one gaining it (one default per partner, enforced).
    const ordered = [...file.products].sort((a, b) => Number(a.is_default) - Number(b.is_default));
    for (const entry of ordered) {
      const row = byKey.get(entry.key);
      if (!row) {
        await insertProduct(tx, file.partner_id, entryColumns(entry));
        report.push({ key: entry.key, action: 'created', changes: [] });
        continue;
      }
      const before = rowToEntry(row);
      const changed = (Object.keys(entry) as Array<keyof CatalogueEntry>).filter(
        (field) => before[field] !== entry[field],
      );
      if (changed.length === 0) {
        report.push({ key: entry.key, action: 'unchanged', changes: [] });
        continue;
      }
      const columns = entryColumns(entry);
      await updateProduct(tx, row.id, columns);
      report.push({
        key: entry.key,
        action: 'updated',
        changes: changed.map((field) => `${field}: ${show(before[field])} -> ${show(entry[field])}`),
      });
    }
    const order = new Map(file.products.map((p, i) => [p.key, i]));
    return report.sort((a, b) => (order.get(a.key) ?? -1) - (order.get(b.key) ?? -1));
  });
}
