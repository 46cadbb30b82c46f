import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { myInfoQueryKey } from '../../../lib/session/myInfo.ts';
import { cancelAtQueryKey } from '../api/subscription.ts';

/** After a cancel, revoke or downgrade: myinfo (term end, downgrading) and the cancel status are read again. */
export function useSubscriptionRefresh(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: myInfoQueryKey }),
      queryClient.invalidateQueries({ queryKey: cancelAtQueryKey }),
    ]);
  }, [queryClient]);
}
