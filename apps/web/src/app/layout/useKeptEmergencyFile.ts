import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n/index.ts';
import { isOffline } from '../../lib/offline/offlineData.ts';
import { workerInControl } from '../../lib/offline/registerServiceWorker.ts';
import { savedWrites } from '../../lib/offline/savedWrites.ts';
import { useStore } from '../../lib/session/store.ts';
import { whenIdle } from '../../lib/whenIdle.ts';

/** After a write, the wait before the emergency file is made again: a burst of edits makes it once. */
const RENEW_AFTER_MS = 3000;

/**
 * The signed-in frame keeps the emergency file in the user's language for offline reading (issue 48): once
 * per app start (or once the first worker took the page) if no copy is kept, again a moment after the user
 * changed data
 * (features/emergency/api/keepEmergencyFile.ts, loaded in idle time).
 */
export function useKeptEmergencyFile(signedIn: boolean): void {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const writes = useStore(savedWrites);
  // Without a worker in control the read would not be kept: nothing is loaded or asked for.
  const controlled = useStore(workerInControl);
  useEffect(() => {
    // Once the profile is known (from the network, or kept: then the page knows it is offline).
    if (!controlled || !signedIn) return;
    const renew = writes > 0;
    let cancelled = false;
    const timer = setTimeout(
      () =>
        whenIdle(() => {
          // Without a network the read would only fail (and leave the kept copy as it is).
          if (cancelled || isOffline()) return;
          void import('../../features/emergency/api/keepEmergencyFile.ts')
            .then(({ keepEmergencyFile }) => keepEmergencyFile(language, renew))
            // Best effort: the next start or write tries again.
            .catch(() => undefined);
        }),
      renew ? RENEW_AFTER_MS : 0,
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [writes, language, controlled, signedIn]);
}
