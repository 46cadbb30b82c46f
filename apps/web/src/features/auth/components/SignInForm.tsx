import { Alert, Anchor, Button, Checkbox, Divider, Group, PasswordInput, Stack, Text } from '@mantine/core';
import type { ErrorTextKey } from '@pet/shared/errors';
import { paths } from '@pet/shared/paths';
import type { SignInInput, signInSchema } from '@pet/shared/schemas/auth';
import { IconBrandGoogle, IconMail } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { FormSuccess } from '../../../components/FormSuccess.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { useBrand, useBrandTextContext } from '../../../config/brand.tsx';
import { useEverTrue } from '../../../lib/drawWhen.ts';
import { errorTextKey, useErrorText } from '../../../lib/errors.ts';
import { useAppForm } from '../../../lib/forms.ts';
import { lazyResolver } from '../../../lib/lazyResolver.ts';
import { OpenAfterMount } from '../../../lib/OpenAfterMount.tsx';
import { publicConfigQuery } from '../api/authApi.ts';
import { useEmailSignIn, useGoogleSignIn, useSendMagicLink } from '../api/useAuthMutations.ts';
import { continueTarget } from '../api/useFinishSignIn.ts';
import { AuthHeading } from './AuthHeading.tsx';
import { signInFailure } from './signInErrors.ts';

const resolver = lazyResolver<z.input<typeof signInSchema>, unknown, SignInInput>(() =>
  import('./signInResolver.ts').then((m) => m.signInResolver),
);

// The dialogs only a failed sign-in shows (Mantine's Modal with its focus trap and scroll lock): downloaded
// when the form is sent, not with the page.
const loadSignInFailedModal = () => import('./SignInFailedModal.tsx');
const loadUnverifiedEmailModal = () => import('./UnverifiedEmailModal.tsx');
const SignInFailedModal = lazy(() => loadSignInFailedModal().then((m) => ({ default: m.SignInFailedModal })));
const UnverifiedEmailModal = lazy(() =>
  loadUnverifiedEmailModal().then((m) => ({ default: m.UnverifiedEmailModal })),
);

interface SignInFormProps {
  continueUrl: string | null;
  initialEmail: string;
  notice: 'verified' | 'passwordChanged' | null;
  linkError: boolean;
}

/**
 * A long label wraps onto a second line instead of being cut off: "Anmeldelink per E-Mail senden" does not fit
 * a 390 px phone on one line.
 */
const WRAPS = {
  root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 6 },
  label: { whiteSpace: 'normal', textAlign: 'center' },
} as const;

export function SignInForm({ continueUrl, initialEmail, notice, linkError }: SignInFormProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const brand = useBrand();
  const textContext = useBrandTextContext();
  const fieldError = useErrorText();
  const signIn = useEmailSignIn(continueUrl);
  const [failure, setFailure] = useState<ErrorTextKey | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);

  const form = useAppForm<z.input<typeof signInSchema>, unknown, SignInInput>({
    resolver,
    defaultValues: { email: initialEmail, password: '', remember_me: true },
  });
  const { register, handleSubmit, control, formState, getValues, trigger } = form;

  const config = useQuery(publicConfigQuery);

  const unverifiedShown = useEverTrue(unverifiedEmail !== null);
  const failureShown = useEverTrue(failure !== null);

  const onSubmit = handleSubmit(async (values) => {
    void loadSignInFailedModal();
    void loadUnverifiedEmailModal();
    setFailure(null);
    try {
      await signIn.mutateAsync({
        email: values.email,
        password: values.password,
        rememberMe: values.remember_me,
      });
    } catch (error) {
      const result = signInFailure(error);
      if (result.kind === 'unverified') setUnverifiedEmail(values.email);
      else setFailure(result.key);
    }
  });

  const magicLink = useSendMagicLink(continueTarget(continueUrl));
  const requestMagicLink = async () => {
    setFailure(null);
    if (await trigger('email')) magicLink.mutate(getValues('email').trim());
  };

  const google = useGoogleSignIn(continueTarget(continueUrl));

  const busy = formState.isSubmitting || magicLink.isPending || google.isPending;
  // The sign-in's own failure is a dialog (SignInFailedModal); the other ways in report under the form.
  const generalError =
    (magicLink.isError ? errorTextKey(magicLink.error) : null) ??
    (google.isError ? errorTextKey(google.error) : null);
  // Watched, not read once: the forgot-password link carries the address as the user types it.
  const emailForgot = useWatch({ control, name: 'email' })?.trim();

  return (
    <>
      <AuthHeading
        title={t('signin.title', { brand: brand.displayName })}
        subtitle={t('signin.subtitle', textContext)}
      />
      <form onSubmit={onSubmit} onFocus={resolver.preload} noValidate>
        <Stack gap="md">
          {notice ? (
            <FormSuccess>
              {t(notice === 'verified' ? 'signin.verified' : 'signin.passwordChanged')}
            </FormSuccess>
          ) : null}
          {linkError && !magicLink.isSuccess ? <FormAlert>{t('signin.linkInvalid')}</FormAlert> : null}
          {magicLink.isSuccess ? (
            <Alert
              color="teal"
              variant="light"
              radius="md"
              icon={<IconMail size={18} />}
              title={t('signin.magicLinkTitle')}
              role="status"
            >
              {t('signin.magicLinkSent', { email: magicLink.variables })}
            </Alert>
          ) : null}
          <TextField
            control={control}
            name="email"
            label={t('signin.email')}
            placeholder={t('signin.emailPlaceholder')}
            type="email"
            autoComplete="username"
            size="md"
            required
          />
          <PasswordInput
            label={t('signin.password')}
            autoComplete="current-password"
            size="md"
            required
            error={fieldError(formState.errors.password?.message)}
            aria-invalid={Boolean(formState.errors.password)}
            {...register('password')}
          />
          <Group justify="space-between" gap="xs">
            <Controller
              control={control}
              name="remember_me"
              render={({ field }) => (
                <Checkbox
                  label={t('signin.staySignedIn')}
                  checked={field.value ?? true}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                  onBlur={field.onBlur}
                  name={field.name}
                />
              )}
            />
            <Anchor
              component={Link}
              to={
                emailForgot
                  ? `${paths.forgotPassword}?email=${encodeURIComponent(emailForgot)}`
                  : paths.forgotPassword
              }
              size="sm"
              fw={500}
            >
              {t('signin.forgotPassword')}
            </Anchor>
          </Group>
          {generalError ? <FormAlert>{t(`errors:${generalError}`)}</FormAlert> : null}
          <Button type="submit" size="md" fullWidth loading={formState.isSubmitting} disabled={busy}>
            {t('signin.submit')}
          </Button>
        </Stack>
      </form>

      <Divider my="lg" label={t('signin.or')} labelPosition="center" />
      <Stack gap="sm">
        <Button
          variant="default"
          size="md"
          fullWidth
          styles={WRAPS}
          leftSection={<IconMail size={18} />}
          onClick={requestMagicLink}
          loading={magicLink.isPending}
          disabled={busy}
        >
          {t('signin.magicLink')}
        </Button>
        {config.data?.google ? (
          <Button
            variant="default"
            size="md"
            fullWidth
            styles={WRAPS}
            leftSection={<IconBrandGoogle size={18} />}
            onClick={() => google.mutate()}
            loading={google.isPending}
            disabled={busy}
          >
            {t('signin.google')}
          </Button>
        ) : null}
      </Stack>

      {brand.registerLinkOnSignin ? (
        <Text ta="center" size="sm" mt="xl">
          {t('signin.noAccount')}{' '}
          <Anchor component={Link} to={paths.register} fw={600}>
            {t('signin.register')}
          </Anchor>
        </Text>
      ) : null}

      <Suspense fallback={null}>
        {unverifiedShown ? (
          <OpenAfterMount open={unverifiedEmail !== null}>
            {(open) => (
              <UnverifiedEmailModal
                email={open ? unverifiedEmail : null}
                onClose={() => setUnverifiedEmail(null)}
              />
            )}
          </OpenAfterMount>
        ) : null}
        {failureShown ? (
          <OpenAfterMount open={failure !== null}>
            {(open) => <SignInFailedModal failure={open ? failure : null} onClose={() => setFailure(null)} />}
          </OpenAfterMount>
        ) : null}
      </Suspense>
    </>
  );
}
