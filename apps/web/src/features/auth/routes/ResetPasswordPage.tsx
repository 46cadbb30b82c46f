import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { newPasswordSchema } from '@pet/shared';
import { paths } from '@pet/shared/paths';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { NewPasswordFields } from '../../../components/form/NewPasswordFields.tsx';
import { ApiError } from '../../../lib/api/ApiError.ts';
import { applyFieldErrors, errorTextKey } from '../../../lib/errors.ts';
import { useAppForm } from '../../../lib/forms.ts';
import { useResetPassword } from '../api/useAuthMutations.ts';
import { AuthHeading } from '../components/AuthHeading.tsx';
import { ResetMailSent } from '../components/ResetMailSent.tsx';

/** better-auth refuses an unknown, used or expired reset token with 400 INVALID_TOKEN. */
function isInvalidToken(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && /TOKEN/i.test(error.code);
}

/**
 * /reset-password?email=&token=: the new password, then back to /signin with a notice. Without a token yet
 * (?email= only, where /forgot-password leads), the "check your inbox" confirmation.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const justSent = (useLocation().state as { resetMailSent?: boolean } | null)?.resetMailSent === true;
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';

  const { handleSubmit, control, setError } = useAppForm({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { token, password: '', confirm_password: '' },
  });

  const reset = useResetPassword(token);
  const afterReset = {
    onSuccess: () => {
      const query = new URLSearchParams({ reset: '1', ...(email ? { email } : {}) });
      navigate(`${paths.signin}?${query.toString()}`, { replace: true });
    },
    // The server refuses a common password with its field error (Password_Common_Error): show it there.
    onError: (error: unknown) => applyFieldErrors(error, setError, ['password']),
  };
  const passwordRefused = reset.error instanceof ApiError && Boolean(reset.error.fields.password);

  if (!token && email && !params.get('error')) return <ResetMailSent email={email} justSent={justSent} />;
  // The server's reset link answers an unknown or expired token with ?error=INVALID_TOKEN instead of a token.
  if (!token || params.get('error') || isInvalidToken(reset.error)) return <InvalidLink email={email} />;

  const onSubmit = handleSubmit((values) => reset.mutate(values.password, afterReset));

  return (
    <>
      <AuthHeading
        title={t('reset.title')}
        subtitle={email ? t('reset.subtitle', { email }) : t('reset.subtitleNoEmail')}
      />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <NewPasswordFields
            control={control}
            names={{ password: 'password', confirm: 'confirm_password' }}
            labels={{ password: t('reset.password'), confirm: t('reset.confirmPassword') }}
            size="md"
          />
          {reset.isError && !passwordRefused ? (
            <FormAlert>{t(`errors:${errorTextKey(reset.error)}`)}</FormAlert>
          ) : null}
          <Button type="submit" size="md" fullWidth loading={reset.isPending} disabled={reset.isPending}>
            {t('reset.submit')}
          </Button>
        </Stack>
      </form>
    </>
  );
}

function InvalidLink({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const to = email ? `${paths.forgotPassword}?email=${encodeURIComponent(email)}` : paths.forgotPassword;
  return (
    <Stack align="center" ta="center" gap="md" py="sm" role="alert">
      <ThemeIcon size={72} radius={999} variant="light" color="orange">
        <IconLinkOff size={38} stroke={1.5} />
      </ThemeIcon>
      <Title order={1} fz={24}>
        {t('reset.invalidTitle')}
      </Title>
      <Text>{t('reset.invalidText')}</Text>
      <Button component={Link} to={to} size="md">
        {t('reset.requestNew')}
      </Button>
    </Stack>
  );
}
