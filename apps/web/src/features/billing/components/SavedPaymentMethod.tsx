import { Group, Text, ThemeIcon } from '@mantine/core';
import type { PaymentMethodInfo } from '@pet/shared';
import { IconBuildingBank, IconCreditCard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** "Visa •••• 4242, expires 12/2027" or "SEPA direct debit DE •••• 3000"; never more than the last four. */
export function SavedPaymentMethod({ method }: { method: PaymentMethodInfo | null }) {
  const { t } = useTranslation('billing');
  if (!method) return <Text c="dimmed">{t('paymentUpdate.none')}</Text>;
  const card = method.type === 'card';
  return (
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon variant="light" size="lg" radius="md">
        {card ? <IconCreditCard size={20} /> : <IconBuildingBank size={20} />}
      </ThemeIcon>
      <div>
        <Text fw={600}>
          {card
            ? t('paymentUpdate.card', { brand: method.brand ?? '', last4: method.last4 })
            : t('paymentUpdate.sepa', { country: method.country ?? '', last4: method.last4 })}
        </Text>
        {card && method.exp_month && method.exp_year ? (
          <Text size="sm" c="dimmed">
            {t('paymentUpdate.expires', {
              month: String(method.exp_month).padStart(2, '0'),
              year: method.exp_year,
            })}
          </Text>
        ) : null}
      </div>
    </Group>
  );
}
