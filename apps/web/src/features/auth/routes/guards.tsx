import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '../../../components/Loaders.tsx';
import { signinUrl } from '../../../config/continueUrl.ts';
import { embeddedTokenIn, storedEmbeddedToken } from '../../../lib/session/embedded.ts';
import { isVerifiedUser, useMyInfo } from '../../../lib/session/myInfo.ts';
import { clearSignOutRedirect, signOut, signOutRedirect } from '../../../lib/session/signOut.ts';
import { useSignInPending } from '../../../lib/session/visibility.ts';

/**
 * Signed-in pages need a session with a verified e-mail; otherwise /signin?continueUrl=<this url>. A tokenA /
 * tokenI in the url that is not the token this tab signed in with means another app user: sign out, then
 * sign in again with the new token.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const queryClient = useQueryClient();
  const me = useMyInfo();
  const here = `${location.pathname}${location.search}`;
  const user = isVerifiedUser(me.data) ? me.data : null;

  const urlToken = embeddedTokenIn(location.search);
  const stored = storedEmbeddedToken();
  const otherAppUser = Boolean(user && urlToken && urlToken.token !== stored?.token);

  useEffect(() => {
    if (otherAppUser) void signOut(queryClient, { redirectTo: signinUrl(here) });
  }, [otherAppUser, queryClient, here]);

  if (me.isPending || otherAppUser) return <FullPageLoader />;
  if (me.isError) return <SessionError onRetry={() => void me.refetch()} />;
  if (!user) return <Navigate to={signOutRedirect() ?? signinUrl(here)} replace />;
  return children;
}

/**
 * Sign-in, registration and password pages are for signed-out visitors; a verified user goes to /. While
 * sign-in finishes (hideall) the page stays, so the flow can choose the destination. On /register, an
 * `email` query naming someone else signs the current user out first (spec 1 section 2).
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const location = useLocation();
  const queryClient = useQueryClient();
  const me = useMyInfo();
  const signingIn = useSignInPending();
  const user = isVerifiedUser(me.data) ? me.data : null;

  const invitedEmail =
    location.pathname === paths.register ? new URLSearchParams(location.search).get('email') : null;
  const otherUser = Boolean(
    user && invitedEmail && invitedEmail.trim().toLowerCase() !== user.email.toLowerCase(),
  );

  // The protected area has followed the sign-out redirect to get here; later lost sessions keep their way back.
  useEffect(() => clearSignOutRedirect(), []);

  useEffect(() => {
    if (!otherUser) return;
    void signOut(queryClient).then(clearSignOutRedirect);
  }, [otherUser, queryClient]);

  if (me.isPending || otherUser) return <FullPageLoader />;
  if (user && !signingIn) return <Navigate to={paths.home} replace />;
  return children;
}

function SessionError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Center h="100dvh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={2}>{t('sessionError.title')}</Title>
        <Text c="dimmed">{t('sessionError.text')}</Text>
        <Button onClick={onRetry}>{t('actions.retry')}</Button>
      </Stack>
    </Center>
  );
}
