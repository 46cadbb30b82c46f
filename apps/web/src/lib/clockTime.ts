// An instant on the browser's clock, as the app shows it (dd.MM.yyyy, HH:mm in both languages), without
// dayjs: lib/dates.ts's formatDateTime brings it into every page that shows one, and the dashboard is measured
// by the file (issue 46's page budgets). The frame's offline banner has its own (app/layout/OfflineBanner.tsx):
// a module both the frame and a page import becomes a file of its own, one request more on every page.

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** HH:mm of an instant on the browser's clock. */
export function clockTime(value: string | Date): string {
  const at = new Date(value);
  return `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}`;
}

/** dd.MM.yyyy of an instant on the browser's clock. */
export function clockDate(value: string | Date): string {
  const at = new Date(value);
  return `${twoDigits(at.getDate())}.${twoDigits(at.getMonth() + 1)}.${at.getFullYear()}`;
}

/** yyyy-MM-dd of an instant on the browser's clock (today's, without one). */
export function clockIsoDate(value: string | Date = new Date()): string {
  const at = new Date(value);
  return `${at.getFullYear()}-${twoDigits(at.getMonth() + 1)}-${twoDigits(at.getDate())}`;
}

/** dd.MM.yyyy HH:mm of an instant on the browser's clock. */
export function clockDateTime(value: string | Date): string {
  return `${clockDate(value)} ${clockTime(value)}`;
}
