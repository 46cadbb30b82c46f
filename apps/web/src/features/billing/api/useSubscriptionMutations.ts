import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { updateMyInfo } from '../../../lib/session/myInfo.ts';
import { useSubscriptionRefresh } from '../lib/useSubscriptionRefresh.ts';
import { billingMutationKeys } from './billingKeys.ts';
import {
  cancelSubscription,
  revokeCancellation,
  scheduleDowngrade,
  withdrawDowngrade,
} from './subscription.ts';

// The running subscription's writes: cancel and its revocation, a downgrade and its withdrawal, the payment
// method's update. Each hook owns its request and what the cache does after it; a failure is reported once,
// by the query client's MutationCache (app/queryClient.ts).

/**
 * POST /v1/subscription/cancel. What follows (the confirmation page, then myinfo and the cancel status read
 * again) is the screen's: it must leave the page before the cancel status is read again.
 */
export function useCancelSubscription() {
  return useMutation({ mutationKey: billingMutationKeys.cancel, mutationFn: cancelSubscription });
}

/** POST /v1/subscription/cancel/revoke. Like the cancel, the screen leaves before the refresh. */
export function useRevokeCancellation() {
  return useMutation({ mutationKey: billingMutationKeys.revokeCancellation, mutationFn: revokeCancellation });
}

/** POST /v1/subscription/downgrade: the chosen plan from the term's end; myinfo and the cancel status anew. */
export function useScheduleDowngrade({ onError }: { onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  const refresh = useSubscriptionRefresh();
  return useMutation({
    mutationKey: billingMutationKeys.scheduleDowngrade,
    mutationFn: scheduleDowngrade,
    onSuccess: async (answer) => {
      updateMyInfo(queryClient, { downgrading: answer.downgrading });
      await refresh();
    },
    onError,
  });
}

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
