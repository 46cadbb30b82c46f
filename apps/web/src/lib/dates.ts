import { DATE_FORMAT } from '@pet/shared/constants';
import { isValidTimeZone } from '@pet/shared/domain/dates';
import dayjs from 'dayjs';

/** Dates are shown as dd.MM.yyyy in both languages (spec 1 section 5). */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMAT) : '';
}

/** An instant as dd.MM.yyyy HH:mm on the browser's clock. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(`${DATE_FORMAT} HH:mm`) : '';
}

/**
 * The browser's IANA zone: reminders go out at the entered time where the user is (DESIGN.md). Undefined
 * when the browser reports none the server accepts: it then keeps the stored zone or uses its default.
 * Each zone is checked once: the check makes a formatter for the zone, which cost a phone about 20 ms in
 * the dashboard's first render (its due-soon card asks on every render; issue 46).
 */
export function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return undefined;
    let valid = checkedZones.get(zone);
    if (valid === undefined) {
      valid = isValidTimeZone(zone);
      checkedZones.set(zone, valid);
    }
    return valid ? zone : undefined;
  } catch {
    return undefined;
  }
}

const checkedZones = new Map<string, boolean>();
