import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { clearEmbeddedToken, storeEmbeddedToken } from '../../../lib/session/embedded.ts';
import { useOneTimeTokenSignIn } from '../api/useAuthMutations.ts';
import { useFinishSignIn } from '../api/useFinishSignIn.ts';

interface EmbeddedSignInProps {
  token: { param: 'tokenA' | 'tokenI'; token: string };
  continueUrl: string;
}

/**
 * App-embedded sign-in (spec 1 section 2): the mobile app hands over a one-time token in continueUrl. The
 * token is exchanged for a session once, kept for this tab, and the app's page opens without the header.
 */
export function EmbeddedSignIn({ token, continueUrl }: EmbeddedSignInProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const finishSignIn = useFinishSignIn();
  const { mutateAsync: verifyOneTimeToken } = useOneTimeTokenSignIn();
  const [failed, setFailed] = useState(false);
  // A one-time token works once: React's development double effects must not spend it twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verifyOneTimeToken(token.token)
      .then(() => {
        storeEmbeddedToken(token);
        return finishSignIn(continueUrl);
      })
      .catch(() => {
        clearEmbeddedToken();
        setFailed(true);
      });
  }, [token, continueUrl, finishSignIn, verifyOneTimeToken]);

  if (failed) {
    return (
      <Stack gap="md">
        <FormAlert>{t('errors:Signin_Failed_Text')}</FormAlert>
        <Button component={Link} to={paths.signin} replace>
          {t('signin.submit')}
        </Button>
      </Stack>
    );
  }
  return (
    <Center py="xl">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">{t('signin.signingIn')}</Text>
      </Stack>
    </Center>
  );
}
