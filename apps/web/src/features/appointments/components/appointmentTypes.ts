import type { AppointmentType } from '@pet/shared';
import { type Icon, IconBandage, IconPill, IconStethoscope, IconVaccine } from '@tabler/icons-react';

/** How each appointment type looks in lists and in the type picker: one icon and colour each. */
export const APPOINTMENT_TYPE_LOOK: Record<AppointmentType, { icon: Icon; color: string }> = {
  Examination: { icon: IconStethoscope, color: 'blue' },
  Vaccination: { icon: IconVaccine, color: 'teal' },
  Operation: { icon: IconBandage, color: 'red' },
  Deworming: { icon: IconPill, color: 'grape' },
};
