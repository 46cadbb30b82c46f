import { Button, Text } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ResultCard } from '../components/ResultCard.tsx';
import { lastDayLabel } from '../lib/termDates.ts';

/**
 * /my-account/cancel-subscription/successful?end_date=<unix seconds>: the cancellation is confirmed; the
 * date is the term's last day from the server's answer (current_phase.end_date).
 */
export function CancelSubscriptionSuccessfulPage() {
  const { t } = useTranslation('billing');
  const [search] = useSearchParams();
  const end = Number(search.get('end_date'));
  const date = search.get('end_date') && Number.isInteger(end) ? lastDayLabel(end) : '';

  return (
    <ResultCard outcome="success" title={t('cancelSuccessful.title')}>
      <Text>{date ? t('cancelSuccessful.until', { date }) : t('cancelSuccessful.untilTermEnd')}</Text>
      <Text size="sm" c="dimmed">
        {t('cancelSuccessful.mail')}
      </Text>
      <Button component={Link} to={paths.subscription}>
        {t('cancelSuccessful.toSubscription')}
      </Button>
    </ResultCard>
  );
}
