import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { useWithdrawDowngrade } from '../api/useSubscriptionMutations.ts';

/** The 'Downgrading' card's action: withdraw the scheduled change (subscription page and downgrade choice). */
export function WithdrawDowngradeButton({
  withdraw,
  disabled,
}: {
  withdraw: ReturnType<typeof useWithdrawDowngrade>;
  disabled?: boolean;
}) {
  const { t } = useTranslation('billing');
  return (
    <Button
      variant="light"
      color="orange"
      loading={withdraw.isPending}
      disabled={disabled}
      onClick={() => withdraw.mutate()}
    >
      {t('downgrade.withdraw')}
    </Button>
  );
}
