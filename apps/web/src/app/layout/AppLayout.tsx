import { AppShell, Container } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { SIDEBAR_WIDTH_PX } from '@pet/shared/constants';
import { paths } from '@pet/shared/paths';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader, PageLoader } from '../../components/Loaders.tsx';
import { useBrand } from '../../config/brand.tsx';
import { useAfterFirstPaint, useEverTrue } from '../../lib/drawWhen.ts';
import { headerMode } from '../../lib/session/embedded.ts';
import { useMyInfo } from '../../lib/session/myInfo.ts';
import {
  mustActivateProduct,
  productVisibility,
  setSignInPending,
  useSignInPending,
} from '../../lib/session/visibility.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { OfflineBanner } from './OfflineBanner.tsx';
import { SideNav } from './SideNav.tsx';
import { TopBar } from './TopBar.tsx';
import { useKeptEmergencyFile } from './useKeptEmergencyFile.ts';

/**
 * The signed-in frame: top bar, 285 px side bar (a drawer under the burger on small screens), breadcrumbs and
 * the page. Rendered only inside RequireAuth, so the user is known.
 */
export function AppLayout() {
  const { t } = useTranslation('common');
  const brand = useBrand();
  const me = useMyInfo();
  const signingIn = useSignInPending();
  const { pathname } = useLocation();
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  // On a phone the side bar is a drawer off the screen: drawn when the burger first opens it, not with every
  // page a phone opens (issue 46). Below Mantine's sm breakpoint, where the navbar collapses (48em).
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const sideNavDrawn = useEverTrue(!phone || mobileOpened);
  useKeptEmergencyFile(Boolean(me.data));

  // The drawer closes once a link in it was followed.
  useEffect(() => {
    if (pathname) mobile.close();
  }, [pathname, mobile.close]);

  // Sign-in has landed on a signed-in page: leave the hideall state.
  useEffect(() => {
    if (signingIn) setSignInPending(false);
  }, [signingIn]);

  const visibility = productVisibility(brand, me.data, { loading: me.isPending, signingIn });
  // Spec 1 section 2: users in hideall (or hidesidebar) who must activate a product are sent there at once,
  // without a page of the portal showing first.
  const held = me.data !== undefined && me.data !== null && mustActivateProduct(brand, me.data);
  if (visibility === 'hideall' && held && pathname !== paths.activateProduct) {
    return <Navigate to={paths.activateProduct} replace />;
  }
  if (visibility === 'hideall' || visibility === 'Loading' || !me.data) return <FullPageLoader />;
  if (visibility === 'hidesidebar' && pathname !== paths.activateProduct) {
    return <Navigate to={paths.activateProduct} replace />;
  }

  const withSidebar = visibility === 'donthide';
  const embedded = headerMode() !== 'normal';

  return (
    <>
      <AppShell
        header={{ height: 64, collapsed: embedded }}
        navbar={{
          width: SIDEBAR_WIDTH_PX,
          breakpoint: 'sm',
          collapsed: { mobile: !withSidebar || !mobileOpened, desktop: !withSidebar || !desktopOpened },
        }}
        padding={{ base: 'md', sm: 'xl' }}
      >
        <AppShell.Header>
          <TopBar
            me={me.data}
            withMenuToggle={withSidebar}
            mobileOpened={mobileOpened}
            desktopOpened={desktopOpened}
            onToggleMobile={mobile.toggle}
            onToggleDesktop={desktop.toggle}
          />
        </AppShell.Header>
        {/* The side bar's one landmark: AppShell's Navbar is a nav of its own, so SideNav draws none. */}
        {withSidebar ? (
          <AppShell.Navbar aria-label={t('layout.mainNavigation')}>
            {sideNavDrawn ? <SideNav me={me.data} /> : null}
          </AppShell.Navbar>
        ) : null}
        <AppShell.Main bg="gray.0">
          <Container size="lg" px={0}>
            {/* Held on activation (hidesidebar), there is nowhere else to go. */}
            {withSidebar ? <Breadcrumbs me={me.data} /> : null}
            <OfflineBanner />
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </Container>
        </AppShell.Main>
      </AppShell>
      <ModalsAfterFirstPaint />
    </>
  );
}

/**
 * The confirmation dialogs' host (`modals.openConfirmModal`, which reaches it by an event, not by context).
 * Mounted after the page's first paint: its closed Modal's portal mounts itself in a layout effect, and that
 * update, outside a transition, made React run the whole page's effects and a second render inside the first
 * render's task (about 100 ms of a phone's main thread at 4x CPU, issue 46).
 */
function ModalsAfterFirstPaint() {
  return useAfterFirstPaint() ? <ModalsProvider /> : null;
}
