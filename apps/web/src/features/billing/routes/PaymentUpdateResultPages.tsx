import { Button, Group, Text } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paymentMethodQuery } from '../api/paymentMethod.ts';
import { ResultCard } from '../components/ResultCard.tsx';
import { SavedPaymentMethod } from '../components/SavedPaymentMethod.tsx';

/** How often and how long the successful page asks for the method the provider's event saves. */
export const POLL_INTERVAL_MS = 2000;
export const POLL_FOR_MS = 10_000;

/**
 * /my-account/payment-update/successful: the provider's page saved a method. The server learns it from the
 * provider's event, which may come a moment later, so the page reads the method again for a few seconds.
 */
export function PaymentUpdateSuccessfulPage() {
  const { t } = useTranslation('billing');
  const [startedAt] = useState(() => Date.now());
  const method = useQuery({
    ...paymentMethodQuery(),
    refetchOnMount: 'always',
    refetchInterval: () => (Date.now() - startedAt > POLL_FOR_MS ? false : POLL_INTERVAL_MS),
  });
  return (
    <ResultCard outcome="success" title={t('paymentUpdate.successful.title')}>
      <Text>{t('paymentUpdate.successful.text')}</Text>
      {method.data ? <SavedPaymentMethod method={method.data} /> : null}
      <Button component={Link} to={paths.myAccount}>
        {t('paymentUpdate.toAccount')}
      </Button>
    </ResultCard>
  );
}

/** /my-account/payment-update/failed: the provider's page was left without saving (or refused). */
export function PaymentUpdateFailedPage() {
  const { t } = useTranslation(['billing', 'errors']);
  return (
    <ResultCard outcome="failure" title={t('paymentUpdate.failed.title')}>
      <Text>{t('errors:Payment_Details_Not_Updated')}</Text>
      <Text size="sm" c="dimmed">
        {t('paymentUpdate.failed.text')}
      </Text>
      <Group justify="center">
        <Button component={Link} to={paths.updatePayment}>
          {t('paymentUpdate.failed.retry')}
        </Button>
        <Button component={Link} to={paths.myAccount} variant="default">
          {t('paymentUpdate.toAccount')}
        </Button>
      </Group>
    </ResultCard>
  );
}
