import type { MedicalListItem, MedicalType } from '@pet/shared';

/** The pet's records of one category, in the server's order (newest date first). */
export function recordsOf(items: readonly MedicalListItem[], type: MedicalType): MedicalListItem[] {
  return items.filter((item) => item.medical_type === type);
}

/** How many records each category has (the overview's counts). */
export function countsOf(items: readonly MedicalListItem[]): Partial<Record<MedicalType, number>> {
  const counts: Partial<Record<MedicalType, number>> = {};
  for (const item of items) counts[item.medical_type] = (counts[item.medical_type] ?? 0) + 1;
  return counts;
}

/**
 * The date on the right of a row (dd.MM.yyyy): the record's date, or where it has none the date that
 * dates it best (known since, taking from); empty without any.
 */
export function rowDateOf(item: MedicalListItem): string {
  return item.medical_date ?? item.medical_known_since ?? item.medical_taking_from ?? '';
}
