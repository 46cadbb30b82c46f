import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import { IconClockHour4 } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { productListKeys } from '../../../lib/plan/productList.ts';
import { storedEmbeddedToken } from '../../../lib/session/embedded.ts';
import { myInfoQueryKey } from '../../../lib/session/myInfo.ts';
import { myOrdersQuery } from '../api/billing.ts';
import { ResultCard } from '../components/ResultCard.tsx';
import { useRefreshWhileInProgress, whileInProgress } from '../lib/useRefreshWhileInProgress.ts';

/**
 * A card payment's event activates the plan within seconds; one still not there after this long is late (the
 * event did not arrive): the page says the product is not attached yet, to try again later, and keeps asking.
 */
export const ACTIVATION_LATE_MS = 2 * 60_000;

type Phase = 'progress' | 'late' | 'paid' | 'sepa' | 'failed' | 'unknown';

/**
 * /my-account/subscription/successful?order=<id>&method=card|sepa: the payment went through in the browser;
 * the plan is activated by the provider's event on the server, so this page polls the orders (first after half
 * a second, then less often) until the order is paid (a SEPA debit stays in progress for a few days), says
 * that the plan is active and refreshes the user's plan then.
 */
export function SubscriptionSuccessfulPage() {
  const { t } = useTranslation(['billing', 'errors']);
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const orderId = search.get('order');
  const sepa = search.get('method') === 'sepa';
  const since = useRef<number | null>(null);
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), ACTIVATION_LATE_MS);
    return () => clearTimeout(timer);
  }, []);
  const orders = useQuery({
    ...myOrdersQuery(1),
    enabled: orderId !== null,
    refetchInterval: whileInProgress((data) => {
      const order = data?.data.find((o) => o.id === orderId);
      return !(order?.status === 'paid' || order?.status === 'failed' || order?.status === 'canceled');
    }, since),
  });
  useRefreshWhileInProgress();
  const order = orders.data?.data.find((o) => o.id === orderId);
  const paid = order?.status === 'paid';

  useEffect(() => {
    if (!paid) return;
    // The plan has changed: the user's plan and the list's pending order are read again.
    void queryClient.invalidateQueries({ queryKey: myInfoQueryKey });
    void queryClient.invalidateQueries({ queryKey: productListKeys.all });
  }, [paid, queryClient]);

  const phase: Phase = paid
    ? 'paid'
    : order?.status === 'failed' || order?.status === 'canceled'
      ? 'failed'
      : sepa
        ? 'sepa'
        : orderId === null
          ? 'unknown'
          : late
            ? 'late'
            : 'progress';
  const embedded = storedEmbeddedToken() !== null;

  return (
    <ResultCard
      outcome={phase === 'failed' ? 'failure' : 'success'}
      title={phase === 'failed' ? t('billing:successful.failedTitle') : t('billing:successful.title')}
    >
      {phase === 'paid' ? (
        <Text>{t('billing:successful.active', { plan: order?.product_name ?? '' })}</Text>
      ) : phase === 'late' ? (
        <>
          <Text>{t('billing:successful.stillActivating')}</Text>
          <Alert variant="light" color="orange" icon={<IconClockHour4 size={18} />} w="100%" role="status">
            {t('errors:Product_Not_Attached_Try_Again')}
          </Alert>
        </>
      ) : phase === 'failed' ? (
        <Text>{t('billing:successful.failed')}</Text>
      ) : (
        <>
          <Text>{t('billing:successful.activating')}</Text>
          <Alert variant="light" icon={<IconClockHour4 size={18} />} w="100%">
            <Group gap="xs" justify="center" wrap="nowrap">
              {phase === 'progress' ? <Loader size="xs" /> : null}
              <Text size="sm">
                {phase === 'sepa' ? t('billing:successful.sepa') : t('billing:successful.inProgress')}
              </Text>
            </Group>
          </Alert>
        </>
      )}
      <Button component={Link} to={embedded ? paths.subscription : paths.home}>
        {embedded ? t('billing:successful.toSubscription') : t('billing:successful.toHome')}
      </Button>
    </ResultCard>
  );
}
