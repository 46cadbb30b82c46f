import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { claimOfflineData } from './offlineData.ts';

/** The signed-in user owns the offline copy (offlineData.ts): another user's is deleted as soon as one is known. */
export function useOfflineDataOwner(userId: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    void claimOfflineData(userId).then((wiped) => {
      if (wiped) void queryClient.refetchQueries({ type: 'active' });
    });
  }, [userId, queryClient]);
}
