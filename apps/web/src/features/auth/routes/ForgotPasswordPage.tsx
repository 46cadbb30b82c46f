import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { passwordResetSchema } from '@pet/shared';
import { paths } from '@pet/shared/paths';
import { IconArrowLeft, IconMailForward } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { errorTextKey, useErrorText } from '../../../lib/errors.ts';
import { useAppForm } from '../../../lib/forms.ts';
import { useRequestPasswordReset } from '../api/useAuthMutations.ts';
import { AuthHeading } from '../components/AuthHeading.tsx';

/** Seconds before the reset mail can be sent again, so a double click does not send two. */
const RESEND_COOLDOWN_S = 60;

function useCountdown() {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = window.setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [seconds]);
  return [seconds, () => setSeconds(RESEND_COOLDOWN_S)] as const;
}

/** /forgot-password: e-mail (prefilled from ?email=), then a confirmation with a resend button. */
export function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const fieldError = useErrorText();
  const [params] = useSearchParams();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [cooldown, startCooldown] = useCountdown();

  const { register, handleSubmit, formState } = useAppForm({
    resolver: zodResolver(passwordResetSchema.pick({ email: true })),
    defaultValues: { email: params.get('email') ?? '' },
  });

  const reset = useRequestPasswordReset();
  const send = (email: string) =>
    reset.mutate(email, {
      onSuccess: () => {
        if (sentTo) notifications.show({ color: 'teal', message: t('forgot.resent') });
        setSentTo(email);
        startCooldown();
      },
    });

  const onSubmit = handleSubmit((values) => send(values.email));
  const error = reset.isError ? <FormAlert>{t(`errors:${errorTextKey(reset.error)}`)}</FormAlert> : null;

  if (sentTo) {
    return (
      <Stack align="center" ta="center" gap="md" py="sm">
        <ThemeIcon size={72} radius={999} variant="light">
          <IconMailForward size={38} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} fz={26}>
          {t('forgot.sentTitle')}
        </Title>
        <Text>
          <Trans
            t={t}
            i18nKey="forgot.sentText"
            values={{ email: sentTo }}
            components={{ strong: <strong /> }}
          />
        </Text>
        {error}
        <Button
          variant="light"
          onClick={() => send(sentTo)}
          loading={reset.isPending}
          disabled={reset.isPending || cooldown > 0}
        >
          {cooldown > 0 ? t('forgot.resendIn', { seconds: cooldown }) : t('forgot.resend')}
        </Button>
        <BackToSignin />
      </Stack>
    );
  }

  return (
    <>
      <AuthHeading title={t('forgot.title')} subtitle={t('forgot.subtitle')} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('forgot.email')}
            type="email"
            autoComplete="email"
            size="md"
            required
            error={fieldError(formState.errors.email?.message)}
            {...register('email')}
          />
          {error}
          <Button type="submit" size="md" fullWidth loading={reset.isPending} disabled={reset.isPending}>
            {t('forgot.submit')}
          </Button>
          <BackToSignin />
        </Stack>
      </form>
    </>
  );
}

function BackToSignin() {
  const { t } = useTranslation('auth');
  return (
    <Anchor component={Link} to={paths.signin} size="sm" ta="center" fw={500}>
      <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
      {t('forgot.backToSignin')}
    </Anchor>
  );
}
