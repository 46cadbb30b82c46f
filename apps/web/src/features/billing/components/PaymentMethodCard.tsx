import { Card, Group, Radio, Stack, Text, Title } from '@mantine/core';
import type { PaymentMethod, PaymentsConfig } from '@pet/shared';
import { lazy, type Ref, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/Loaders.tsx';
import { useBrand } from '../../../config/brand.tsx';
import { currentLanguage } from '../../../lib/i18n/index.ts';
import type { PaymentHandle } from '../lib/confirmation.ts';
import { SandboxPaymentFields } from './SandboxPaymentFields.tsx';

// Stripe's code only for stripe mode: the sandbox never downloads it.
const StripePaymentFields = lazy(() => import('./StripePaymentFields.tsx'));

interface PaymentMethodCardProps {
  method: PaymentMethod;
  onMethodChange: (method: PaymentMethod) => void;
  provider: PaymentsConfig;
  /** Filled by the fields with their check and confirmation, for the checkout's Pay. */
  handle: Ref<PaymentHandle>;
}

/** The checkout's payment: card or SEPA (exclusive, card first), the provider's fields, SEPA's mandate. */
export function PaymentMethodCard({ method, onMethodChange, provider, handle }: PaymentMethodCardProps) {
  const { t, i18n } = useTranslation('billing');
  const brand = useBrand();
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={3} fz="md">
          {t('payment.title')}
        </Title>
        <Radio.Group
          value={method}
          onChange={(v) => onMethodChange(v as PaymentMethod)}
          label={t('payment.method')}
        >
          <Group mt={6}>
            <Radio value="card" label={t('payment.card')} />
            <Radio value="sepa" label={t('payment.sepa')} />
          </Group>
        </Radio.Group>
        {provider.provider === 'stripe' && provider.publishable_key ? (
          <Suspense fallback={<PageLoader />}>
            <StripePaymentFields
              method={method}
              handle={handle}
              publishableKey={provider.publishable_key}
              language={currentLanguage(i18n)}
            />
          </Suspense>
        ) : (
          <SandboxPaymentFields method={method} handle={handle} />
        )}
        {method === 'sepa' ? (
          <Text size="xs" c="dimmed">
            {t('payment.mandate', { brand: brand.displayName })}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
