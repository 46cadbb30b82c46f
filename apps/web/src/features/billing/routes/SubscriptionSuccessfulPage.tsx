import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import { IconClockHour4 } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { storedEmbeddedToken } from '../../../lib/session/embedded.ts';
import { myInfoQueryKey } from '../../../lib/session/myInfo.ts';
import { myOrdersQuery } from '../api/billing.ts';
import { ResultCard } from '../components/ResultCard.tsx';

/** How often and how long the page asks whether the payment event has activated the plan. */
export const POLL_INTERVAL_MS = 3000;
export const POLL_FOR_MS = 2 * 60_000;

type Phase = 'progress' | 'paid' | 'sepa' | 'failed' | 'unknown';

/**
 * /my-account/subscription/successful?order=<id>&method=card|sepa: the payment went through in the browser;
 * the plan is activated by the provider's event on the server, so this page polls the orders until the order
 * is paid (a SEPA debit stays in progress for a few days) and refreshes the user's plan then.
 */
export function SubscriptionSuccessfulPage() {
  const { t } = useTranslation('billing');
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const orderId = search.get('order');
  const sepa = search.get('method') === 'sepa';
  const [startedAt] = useState(() => Date.now());
  const orders = useQuery({
    ...myOrdersQuery(1),
    enabled: orderId !== null,
    refetchInterval: (query) => {
      const order = query.state.data?.data.find((o) => o.id === orderId);
      const settled = order?.status === 'paid' || order?.status === 'failed' || order?.status === 'canceled';
      return settled || Date.now() - startedAt > POLL_FOR_MS ? false : POLL_INTERVAL_MS;
    },
  });
  const order = orders.data?.data.find((o) => o.id === orderId);
  const paid = order?.status === 'paid';

  useEffect(() => {
    if (!paid) return;
    // The plan has changed: the user's plan and the list's pending order are read again.
    void queryClient.invalidateQueries({ queryKey: myInfoQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['billing', 'products'] });
  }, [paid, queryClient]);

  const phase: Phase = paid
    ? 'paid'
    : order?.status === 'failed' || order?.status === 'canceled'
      ? 'failed'
      : sepa
        ? 'sepa'
        : orderId === null
          ? 'unknown'
          : 'progress';
  const embedded = storedEmbeddedToken() !== null;

  return (
    <ResultCard
      outcome={phase === 'failed' ? 'failure' : 'success'}
      title={phase === 'failed' ? t('successful.failedTitle') : t('successful.title')}
    >
      {phase === 'paid' ? (
        <Text>{t('successful.active', { plan: order?.product_name ?? '' })}</Text>
      ) : phase === 'failed' ? (
        <Text>{t('successful.failed')}</Text>
      ) : (
        <>
          <Text>{t('successful.activating')}</Text>
          <Alert variant="light" icon={<IconClockHour4 size={18} />} w="100%">
            <Group gap="xs" justify="center" wrap="nowrap">
              {phase === 'progress' ? <Loader size="xs" /> : null}
              <Text size="sm">{phase === 'sepa' ? t('successful.sepa') : t('successful.inProgress')}</Text>
            </Group>
          </Alert>
        </>
      )}
      <Button component={Link} to={embedded ? paths.subscription : paths.home}>
        {embedded ? t('successful.toSubscription') : t('successful.toHome')}
      </Button>
    </ResultCard>
  );
}
