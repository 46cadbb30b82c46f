import { Divider, Group, Loader, Stack, Text } from '@mantine/core';
import type { PricesResponse } from '@pet/shared';
import { euroToCents, formatEuro } from '@pet/shared';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n/index.ts';

function Row({ label, amount, strong }: { label: string; amount: number; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" data-testid="price-row">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 800 : 500}>
        {formatEuro(euroToCents(amount))}
      </Text>
    </Group>
  );
}

/**
 * POST /v1/subscription/prices as lines: plan, tracker, the brand's optional service (when chosen), discount,
 * proration (never for promo users), total.
 */
export function PriceBreakdown({
  prices,
  loading,
  hideProration,
}: {
  prices: PricesResponse | undefined;
  loading: boolean;
  hideProration: boolean;
}) {
  const { t, i18n } = useTranslation('billing');
  if (loading || !prices) {
    return (
      <Group justify="center" py="md">
        <Loader size="sm" aria-label={t('checkout.pricesLoading')} />
      </Group>
    );
  }
  return (
    <Stack gap={6} aria-label={t('checkout.breakdown')} component="section">
      <Row label={t('checkout.planPrice')} amount={prices.other_price} />
      {prices.tracker_price > 0 ? (
        <Row label={t('checkout.trackerPrice')} amount={prices.tracker_price} />
      ) : null}
      {prices.optional_service && prices.optional_service_price > 0 ? (
        <Row
          label={prices.optional_service.name[currentLanguage(i18n)]}
          amount={prices.optional_service_price}
        />
      ) : null}
      {prices.discount > 0 ? <Row label={t('checkout.discount')} amount={-prices.discount} /> : null}
      {!hideProration && prices.proration !== 0 ? (
        <Row
          label={t('checkout.proration', { days: prices.proration_days_left })}
          amount={prices.proration}
        />
      ) : null}
      <Divider />
      <Row label={t('checkout.total')} amount={prices.total_price_discounted} strong />
      <Text size="xs" c="dimmed">
        {t('checkout.vat', { rate: prices.vat_rate_percent })}
      </Text>
    </Stack>
  );
}
