import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { displayDateToIso } from '@pet/shared/domain/dates';
import { DOSE_DAYS_PER_PAGE } from '@pet/shared/domain/doses';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError.tsx';
import { petDosesQuery } from '../api/dosesApi.ts';
import { DoseSlots } from './DoseSlots.tsx';
import { daysOfLogPage, lastDayOfLogPage } from './doseDays.ts';

/** The weekday of a dd.MM.yyyy day, in the user's language. */
function weekday(day: string, language: string): string {
  const iso = displayDateToIso(day);
  if (!iso) return '';
  return new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso}T12:00Z`),
  );
}

/**
 * The pet's past doses, a week per page (the days before today, newest first), each day's doses under their
 * slots with who gave each. A dose not ticked may still be ticked late: it then says when.
 */
export function DoseLog({ petId, todayIso }: { petId: string; todayIso: string }) {
  const { t, i18n } = useTranslation('doses');
  const [page, setPage] = useState(0);
  const days = daysOfLogPage(todayIso, page, DOSE_DAYS_PER_PAGE);
  const log = useQuery(
    petDosesQuery(petId, lastDayOfLogPage(todayIso, page, DOSE_DAYS_PER_PAGE), DOSE_DAYS_PER_PAGE),
  );
  const doses = log.data ?? [];

  return (
    <Stack gap="md" mt="md" data-testid="dose-log">
      <Group justify="space-between" gap="xs">
        <Title order={3} fz="md">
          {t('log.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('log.range', { from: days.at(-1), to: days[0] })}
        </Text>
      </Group>
      {log.isPending ? <Skeleton height={96} role="status" aria-label={t('log.loading')} /> : null}
      {log.isError ? (
        <LoadError title={t('log.loadFailed')} error={log.error} onRetry={() => void log.refetch()} />
      ) : null}
      {log.data ? (
        <Stack
          gap="md"
          component="ol"
          p={0}
          m={0}
          style={{ listStyle: 'none', opacity: log.isPlaceholderData ? 0.6 : 1 }}
          aria-busy={log.isPlaceholderData}
        >
          {days.map((day) => {
            const ofDay = doses.filter((dose) => dose.date === day);
            return (
              <li key={day} data-testid="dose-log-day">
                <Text fw={600} size="sm" mb={6}>
                  {`${weekday(day, i18n.language)}, ${day}`}
                </Text>
                {ofDay.length > 0 ? (
                  <DoseSlots doses={ofDay} past />
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('log.dayNone')}
                  </Text>
                )}
              </li>
            );
          })}
        </Stack>
      ) : null}
      <Group justify="space-between" component="nav" aria-label={t('log.navLabel')}>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconChevronLeft size={14} />}
          onClick={() => setPage(page + 1)}
        >
          {t('log.earlier')}
        </Button>
        <Button
          variant="default"
          size="xs"
          rightSection={<IconChevronRight size={14} />}
          disabled={page === 0}
          onClick={() => setPage(page - 1)}
        >
          {t('log.later')}
        </Button>
      </Group>
    </Stack>
  );
}
