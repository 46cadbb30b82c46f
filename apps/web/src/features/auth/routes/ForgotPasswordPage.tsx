import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack } from '@mantine/core';
import { passwordResetSchema } from '@pet/shared';
import { mailLandings } from '@pet/shared/paths';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { errorTextKey } from '../../../lib/errors.ts';
import { useAppForm } from '../../../lib/forms.ts';
import { useRequestPasswordReset } from '../api/useAuthMutations.ts';
import { AuthHeading } from '../components/AuthHeading.tsx';
import { BackToSignin } from '../components/ResetMailSent.tsx';

/**
 * /forgot-password: e-mail (prefilled from ?email=); once the mail is sent, /reset-password?email= (spec 1
 * section 7), which confirms it with a resend button until the mail's link brings the token.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const navigate = useNavigate();
  const [params] = useSearchParams();

  const { control, handleSubmit } = useAppForm({
    resolver: zodResolver(passwordResetSchema.pick({ email: true })),
    defaultValues: { email: params.get('email') ?? '' },
  });

  const reset = useRequestPasswordReset();
  const onSubmit = handleSubmit((values) =>
    reset.mutate(values.email, {
      onSuccess: () => navigate(mailLandings.resetPassword(values.email), { state: { resetMailSent: true } }),
    }),
  );

  return (
    <>
      <AuthHeading title={t('forgot.title')} subtitle={t('forgot.subtitle')} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextField
            control={control}
            name="email"
            label={t('forgot.email')}
            type="email"
            autoComplete="email"
            size="md"
            required
          />
          {reset.isError ? <FormAlert>{t(`errors:${errorTextKey(reset.error)}`)}</FormAlert> : null}
          <Button type="submit" size="md" fullWidth loading={reset.isPending} disabled={reset.isPending}>
            {t('forgot.submit')}
          </Button>
          <BackToSignin />
        </Stack>
      </form>
    </>
  );
}
