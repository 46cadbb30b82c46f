import { displayDateToIso } from '@pet/shared';

export interface PetAge {
  years: number;
  months: number;
}

/** Whole years and months from a dd.MM.yyyy birth date to `today`; null without a (valid, past) date. */
export function petAge(dateOfBirth: string | null | undefined, today: Date = new Date()): PetAge | null {
  const iso = dateOfBirth ? displayDateToIso(dateOfBirth) : null;
  if (!iso) return null;
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  let months = (today.getFullYear() - y) * 12 + (today.getMonth() + 1 - m);
  if (today.getDate() < d) months -= 1;
  if (months < 0) return null;
  return { years: Math.floor(months / 12), months: months % 12 };
}
