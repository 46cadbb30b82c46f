import { DATE_FORMAT } from '@pet/shared/constants';
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
