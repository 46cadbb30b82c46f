import { Badge } from '@mantine/core';
import type { AppointmentListItem } from '@pet/shared';
import { IconBell, IconBellCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { shortTime } from './appointmentTime.ts';

/** The e-mail reminder of a row: when it will go out, or that it went out (reminder_sent_at). */
export function ReminderBadge({ item }: { item: AppointmentListItem }) {
  const { t } = useTranslation('appointments');
  if (item.appointment_reminder_sent_at) {
    return (
      <Badge variant="light" color="gray" radius="sm" leftSection={<IconBellCheck size={12} stroke={2} />}>
        {t('reminder.sent')}
      </Badge>
    );
  }
  if (!item.appointment_reminder_date || !item.appointment_reminder_time) return null;
  return (
    <Badge
      variant="light"
      radius="sm"
      leftSection={<IconBell size={12} stroke={2} />}
      tt="none"
      // Narrow rows (phones) wrap the text instead of cutting the time off.
      h="auto"
      py={2}
      styles={{ label: { whiteSpace: 'normal' } }}
    >
      {t('reminder.badge', {
        date: item.appointment_reminder_date,
        time: shortTime(item.appointment_reminder_time),
      })}
    </Badge>
  );
}
