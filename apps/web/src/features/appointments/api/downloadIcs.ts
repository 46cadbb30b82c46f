import type { AppointmentListItem } from '@pet/shared';
import { displayDateToIso } from '@pet/shared';
import { saveFile } from '../../../lib/saveFile.ts';
import { fetchAppointmentIcs } from './appointmentsApi.ts';

/** The server's name for the file (appointment-yyyy-MM-dd-HHmm.ics), which a fetch cannot read back. */
export function icsFileName(
  item: Pick<AppointmentListItem, 'appointment_date' | 'appointment_time'>,
): string {
  const day = displayDateToIso(item.appointment_date) ?? 'date';
  return `appointment-${day}-${item.appointment_time.slice(0, 5).replace(':', '')}.ics`;
}

/**
 * Fetches the appointment's .ics (the session cookie authorises it, so a plain link would also work, but a
 * failure would then leave the page) and hands it to the browser as a download.
 */
export async function downloadAppointmentIcs(item: AppointmentListItem): Promise<void> {
  const text = await fetchAppointmentIcs(item.appointment_id);
  saveFile(new Blob([text], { type: 'text/calendar;charset=utf-8' }), icsFileName(item));
}
