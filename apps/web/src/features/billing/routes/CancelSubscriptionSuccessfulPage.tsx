import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
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
    <Card withBorder padding="xl" maw={640} mx="auto" mt="lg">
      <Stack gap="md" align="center" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="teal">
          <IconCircleCheck size={32} />
        </ThemeIcon>
        <Title order={2}>{t('cancelSuccessful.title')}</Title>
        <Text>{date ? t('cancelSuccessful.until', { date }) : t('cancelSuccessful.untilTermEnd')}</Text>
        <Text size="sm" c="dimmed">
          {t('cancelSuccessful.mail')}
        </Text>
        <Button component={Link} to={paths.subscription}>
          {t('cancelSuccessful.toSubscription')}
        </Button>
      </Stack>
    </Card>
  );
}
