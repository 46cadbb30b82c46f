import { Anchor, Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { paths } from '@pet/shared/paths';
import { IconArrowLeft, IconMailForward } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { errorTextKey } from '../../../lib/errors.ts';
import { useRequestPasswordReset } from '../api/useAuthMutations.ts';

/** Seconds before the reset mail can be sent again, so a double click does not send two. */
const RESEND_COOLDOWN_S = 60;

function useCountdown(startAt: number) {
  const [seconds, setSeconds] = useState(startAt);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = window.setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [seconds]);
  return [seconds, () => setSeconds(RESEND_COOLDOWN_S)] as const;
}

/**
 * "Check your inbox" with a resend button: /reset-password?email= before the mail's link is followed (spec 1
 * section 7: after POST /v1/auth/password/reset the web goes there). `justSent`: the mail left a moment ago,
 * so the resend button waits its minute first.
 */
export function ResetMailSent({ email, justSent }: { email: string; justSent: boolean }) {
  const { t } = useTranslation(['auth', 'errors']);
  const [cooldown, startCooldown] = useCountdown(justSent ? RESEND_COOLDOWN_S : 0);
  const reset = useRequestPasswordReset();
  const resend = () =>
    reset.mutate(email, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('forgot.resent') });
        startCooldown();
      },
    });

  return (
    <Stack align="center" ta="center" gap="md" py="sm">
      <ThemeIcon size={72} radius={999} variant="light">
        <IconMailForward size={38} stroke={1.5} />
      </ThemeIcon>
      <Title order={1} fz={26}>
        {t('forgot.sentTitle')}
      </Title>
      <Text>
        <Trans t={t} i18nKey="forgot.sentText" values={{ email }} components={{ strong: <strong /> }} />
      </Text>
      {reset.isError ? <FormAlert>{t(`errors:${errorTextKey(reset.error)}`)}</FormAlert> : null}
      <Button
        variant="light"
        onClick={resend}
        loading={reset.isPending}
        disabled={reset.isPending || cooldown > 0}
      >
        {cooldown > 0 ? t('forgot.resendIn', { seconds: cooldown }) : t('forgot.resend')}
      </Button>
      <BackToSignin />
    </Stack>
  );
}

export function BackToSignin() {
  const { t } = useTranslation('auth');
  return (
    <Anchor component={Link} to={paths.signin} size="sm" ta="center" fw={500}>
      <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
      {t('forgot.backToSignin')}
    </Anchor>
  );
}
