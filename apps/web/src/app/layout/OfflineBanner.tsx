import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { offlineCopySavedAt } from '../../lib/offline/offlineData.ts';
import { useStore } from '../../lib/session/store.ts';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * dd.MM.yyyy HH:mm on the browser's clock, as lib/dates.ts's formatDateTime writes it: not that one, which
 * brings dayjs into the frame of every signed-in page (two files more than the pages' budgets allow).
 */
function shownAt(iso: string): string {
  const at = new Date(iso);
  const day = `${twoDigits(at.getDate())}.${twoDigits(at.getMonth() + 1)}.${at.getFullYear()}`;
  return `${day} ${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}`;
}

/**
 * Above a signed-in page that shows kept data because the network gave none (issue 48), and since when. Made of
 * the frame's own parts (the page budgets count every file a page loads).
 */
export function OfflineBanner() {
  const { t } = useTranslation('common');
  const savedAt = useStore(offlineCopySavedAt);
  if (!savedAt) return null;
  return (
    <Paper role="status" bg="yellow.1" c="yellow.9" p="sm" mb="md" radius="md" data-testid="offline-banner">
      <Text size="sm" fw={500}>
        {t('offline.banner', { date: shownAt(savedAt) })}
      </Text>
    </Paper>
  );
}
