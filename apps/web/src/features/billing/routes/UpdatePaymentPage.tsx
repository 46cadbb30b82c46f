import { Button, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { errorTextKey } from '../../../lib/errors.ts';
import { paymentMethodQuery } from '../api/paymentMethod.ts';
import { useStartPaymentUpdate } from '../api/usePaymentMethodMutations.ts';
import { SavedPaymentMethod } from '../components/SavedPaymentMethod.tsx';

/**
 * /my-account/update-payment-details: the method renewals are charged to, and a button to the provider's
 * page for a new one (Stripe Checkout, or the sandbox's own page), which returns to payment-update/….
 */
export function UpdatePaymentPage() {
  const { t } = useTranslation(['billing', 'errors']);
  const method = useQuery(paymentMethodQuery());
  const update = useStartPaymentUpdate();
  // A 409 says why (no paid subscription); anything else is the spec's "payment details not updated".
  const failure = update.error
    ? isApiError(update.error) && update.error.status === 409
      ? errorTextKey(update.error)
      : 'Payment_Details_Not_Updated'
    : null;

  return (
    <>
      <PageHeader title={t('paymentUpdate.title')} subtitle={t('paymentUpdate.subtitle')} />
      <Card withBorder padding="lg" maw={640}>
        <Stack gap="md">
          <Title order={3} size="h5">
            {t('paymentUpdate.current')}
          </Title>
          {method.isPending ? (
            <Loader size="sm" aria-label={t('paymentUpdate.loading')} />
          ) : method.isError ? (
            <LoadError
              title={t('paymentUpdate.loadFailed')}
              error={method.error}
              onRetry={() => void method.refetch()}
            />
          ) : (
            <SavedPaymentMethod method={method.data} />
          )}
          <Text size="sm" c="dimmed">
            {t('paymentUpdate.explain')}
          </Text>
          {failure ? <FormAlert>{t(`errors:${failure}`)}</FormAlert> : null}
          <Button
            onClick={() => update.mutate()}
            // Busy until the browser has left for the provider's page.
            loading={update.isPending || update.isSuccess}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('paymentUpdate.change')}
          </Button>
        </Stack>
      </Card>
    </>
  );
}
