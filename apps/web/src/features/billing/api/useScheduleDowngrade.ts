import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateMyInfo } from '../../../lib/session/myInfo.ts';
import { useLifecycleRefresh } from '../lib/useLifecycleRefresh.ts';
import { billingMutationKeys } from './billingKeys.ts';
import { scheduleDowngrade } from './lifecycle.ts';

/** POST /v1/subscription/downgrade: the chosen plan from the term's end; myinfo and the cancel status anew. */
export function useScheduleDowngrade({ onError }: { onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  const refresh = useLifecycleRefresh();
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
