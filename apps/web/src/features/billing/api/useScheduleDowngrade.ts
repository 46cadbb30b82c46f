import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateMyInfo } from '../../../lib/session/myInfo.ts';
import { useSubscriptionRefresh } from '../lib/useSubscriptionRefresh.ts';
import { billingMutationKeys } from './billingKeys.ts';
import { scheduleDowngrade } from './subscription.ts';

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
