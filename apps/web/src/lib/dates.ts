import { DATE_FORMAT } from '@pet/shared/constants';
import { isZoneName } from '@pet/shared/domain/dates';
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
 * when the browser reports none the server accepts (an offset rather than a zone name): it then keeps the
 * stored zone or uses its default. The browser's own zone exists, so only its shape is checked: making a
 * formatter to test it cost a phone about 25 ms in the dashboard's first render (issue 46).
 */
export function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isZoneName(zone) ? zone : undefined;
  } catch {
    return undefined;
  }
}
