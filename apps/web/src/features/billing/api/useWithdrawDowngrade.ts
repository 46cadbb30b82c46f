import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { updateMyInfo } from '../../../lib/session/myInfo.ts';
import { useSubscriptionRefresh } from '../lib/useSubscriptionRefresh.ts';
import { billingMutationKeys } from './billingKeys.ts';
import { withdrawDowngrade } from './subscription.ts';

/**
 * POST cancel/downgrade: the next term renews the current plan again. Offered on the 'Downgrading' card of
 * the subscription page and of the downgrade choice; the user's info and plan are read again, and a toast
 * confirms it.
 */
export function useWithdrawDowngrade() {
  const { t } = useTranslation('billing');
  const queryClient = useQueryClient();
  const refresh = useSubscriptionRefresh();
  return useMutation({
    mutationKey: billingMutationKeys.withdrawDowngrade,
    mutationFn: withdrawDowngrade,
    onSuccess: async (answer) => {
      updateMyInfo(queryClient, { downgrading: answer.downgrading });
      await refresh();
      notifications.show({ color: 'teal', message: t('downgrade.withdrawn') });
    },
  });
}
