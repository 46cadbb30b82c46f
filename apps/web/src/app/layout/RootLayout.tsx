import { AUTH_PAGES } from '@pet/shared/paths';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/Loaders.tsx';
import { currentLanguage } from '../../lib/i18n/index.ts';
import { rememberLanguage } from '../../lib/i18n/language.ts';
import { useOfflineDataOwner } from '../../lib/offline/useOfflineDataOwner.ts';
import { useMyInfo } from '../../lib/session/myInfo.ts';
import { setSignInPending, useSignInPending } from '../../lib/session/visibility.ts';
import { TestPaymentsRibbon } from './TestPaymentsRibbon.tsx';
import { UpdatePrompt } from './UpdatePrompt.tsx';

/** The pages for signed-out visitors; their texts are the start part (lib/i18n/bundles.ts). */

/**
 * Around every page: the signed-in user's language wins and owns the offline copy, a finished sign-in leaves
 * the hideall state, a server taking test payments says so, and a new version waiting is offered.
 */
export function RootLayout() {
  const { i18n } = useTranslation();
  const me = useMyInfo();
  const { pathname } = useLocation();
  const signingIn = useSignInPending();
  const profileLanguage = me.data?.language;
  useOfflineDataOwner(me.data?.id);

  useEffect(() => {
    if (!profileLanguage || profileLanguage === currentLanguage(i18n)) return;
    // Kept on the device too, so the sign-in page after a sign-out speaks the user's language.
    rememberLanguage(profileLanguage);
    void i18n.changeLanguage(profileLanguage);
  }, [profileLanguage, i18n]);

  useEffect(() => {
    if (signingIn && !AUTH_PAGES.includes(pathname)) setSignInPending(false);
  }, [signingIn, pathname]);

  return (
    <>
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
      <TestPaymentsRibbon />
      <UpdatePrompt />
    </>
  );
}
