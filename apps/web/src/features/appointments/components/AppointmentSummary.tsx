import { Group, Text, ThemeIcon } from '@mantine/core';
import { type AppointmentListItem, displayDateToIso } from '@pet/shared';
import { IconPaw } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './AppointmentSummary.module.css';
import { shortTime } from './appointmentTime.ts';
import { APPOINTMENT_TYPE_LOOK } from './appointmentTypes.ts';
import { ReminderBadge } from './ReminderBadge.tsx';

/** One row of a list, collapsed: type icon and label, reason, date and time, pet and reminder. */
export function AppointmentSummary({
  item,
  showPetName,
}: {
  item: AppointmentListItem;
  showPetName: boolean;
}) {
  const { t } = useTranslation('appointments');
  const { icon: Icon, color } = APPOINTMENT_TYPE_LOOK[item.appointment_type];
  const past = !item.is_upcoming;
  const hasMeta = showPetName || Boolean(item.appointment_reminder_date || item.appointment_reminder_sent_at);

  return (
    <div className={classes.summary}>
      <ThemeIcon
        className={classes.icon}
        variant="light"
        color={past ? 'gray' : color}
        size={42}
        radius="xl"
        aria-hidden
      >
        <Icon size={22} stroke={1.6} />
      </ThemeIcon>
      <div className={classes.main}>
        <Group gap={6} wrap="wrap" align="baseline">
          <Text fw={700} c={past ? 'dimmed' : undefined}>
            {t(`types.${item.appointment_type}`)}
          </Text>
          {item.appointment_type === 'Vaccination' && item.appointment_vaccination_type ? (
            <Text size="sm" c="dimmed">
              {`· ${item.appointment_vaccination_type}`}
            </Text>
          ) : null}
        </Group>
        <Text size="sm" lineClamp={2} className={classes.reason}>
          {item.appointment_reason}
        </Text>
      </div>
      <div className={classes.when}>
        <Text
          fw={600}
          size="sm"
          component="time"
          dateTime={displayDateToIso(item.appointment_date) ?? undefined}
        >
          {item.appointment_date}
        </Text>
        <Text size="sm" c="dimmed">
          {t('list.time', { time: shortTime(item.appointment_time) })}
        </Text>
      </div>
      {hasMeta ? (
        <Group className={classes.meta} gap="xs" mt={6} wrap="wrap">
          {showPetName ? (
            <Group gap={4} wrap="nowrap">
              <IconPaw size={14} stroke={1.7} aria-hidden />
              <Text size="sm" c="dimmed" fw={500}>
                {item.appointment_pet_name}
              </Text>
            </Group>
          ) : null}
          <ReminderBadge item={item} />
        </Group>
      ) : null}
    </div>
  );
}
