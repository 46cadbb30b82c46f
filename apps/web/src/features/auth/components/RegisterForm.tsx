import { Anchor, Button, Checkbox, Divider, Stack } from '@mantine/core';
import type { RegisterFormValues, SignUpInput } from '@pet/shared';
import type { ErrorTextKey } from '@pet/shared/errors';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { NewPasswordFields } from '../../../components/form/NewPasswordFields.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { useBrand } from '../../../config/brand.tsx';
import { ApiError } from '../../../lib/api/ApiError.ts';
import { applyFieldErrors, useErrorText } from '../../../lib/errors.ts';
import { useAppForm } from '../../../lib/forms.ts';
import { currentLanguage } from '../../../lib/i18n/index.ts';
import { lazyResolver } from '../../../lib/lazyResolver.ts';
import { useSignUp, useVerifyCode } from '../api/useAuthMutations.ts';
import { CodeSection } from './CodeSection.tsx';
import { codeCheckErrors, signUpErrorKey } from './codeErrors.ts';

const FIELDS = ['name', 'email', 'password', 'activation_code', 'tracker_id'] as const;

interface RegisterFormProps {
  initialEmail: string;
  /** The token of the household invitation the person registers for (issue 45): no code is asked. */
  householdToken?: string | null;
  onRegistered: (email: string) => void;
}

export function RegisterForm({ initialEmail, householdToken, onRegistered }: RegisterFormProps) {
  const { t, i18n } = useTranslation(['auth', 'errors']);
  const brand = useBrand();
  const fieldError = useErrorText();
  const resolver = useMemo(
    () =>
      lazyResolver<RegisterFormValues, unknown, RegisterFormValues>(() =>
        import('./registerResolver.ts').then((m) => m.registerResolverFor(brand)),
      ),
    [brand],
  );

  const form = useAppForm<RegisterFormValues>({
    resolver,
    defaultValues: {
      // Invited to a household (issue 45): no activation code is asked, on any brand.
      code_option: householdToken ? 'without' : (brand.codeOptions[0] ?? 'yes'),
      activation_code: '',
      tracker_id: '',
      name: '',
      email: initialEmail,
      password: '',
      confirm_password: '',
    },
  });
  const { control, handleSubmit, formState, getValues, setError, clearErrors } = form;

  const [codeValid, setCodeValid] = useState(false);
  const [showSupport, setShowSupport] = useState(false);
  const [codeGeneral, setCodeGeneral] = useState<ErrorTextKey | null>(null);
  const [submitError, setSubmitError] = useState<ErrorTextKey | null>(null);

  const [option, code, tracker] = useWatch({
    control,
    name: ['code_option', 'activation_code', 'tracker_id'],
  });
  // A checked code counts only for exactly the code (and tracker) that was checked.
  useEffect(() => {
    if (code !== undefined || tracker !== undefined) setCodeValid(false);
  }, [code, tracker]);

  const verify = useVerifyCode();
  const signUp = useSignUp();

  /** The OK button (and sign-up with a code): both fields needed, then POST /v1/auth/verifycode. */
  const checkCode = async (): Promise<boolean> => {
    setShowSupport(false);
    setCodeGeneral(null);
    const codeValue = getValues('activation_code').trim();
    const trackerValue = getValues('tracker_id').trim();
    const missingTracker = brand.requiresTracker && !trackerValue;
    if (!codeValue)
      setError('activation_code', { type: 'required', message: 'Activation_Code_Text_Required' });
    if (missingTracker) setError('tracker_id', { type: 'required', message: 'GPS_Tracker_ID_Required' });
    if (!codeValue || missingTracker) return false;

    // Leaving the code field started its check, which may still wait for the schema; the server's
    // answer must come after it, or that check would clear the server's error.
    await resolver.ready();
    try {
      const answer = await verify.mutateAsync({
        code: codeValue,
        ...(brand.requiresTracker ? { tracker_ids: [trackerValue] } : {}),
      });
      if (!answer?.isvalid) {
        setError('activation_code', { type: 'server', message: 'Invalid_Code_Text' });
        return false;
      }
      clearErrors(['activation_code', 'tracker_id']);
      setCodeValid(true);
      return true;
    } catch (error) {
      const result = codeCheckErrors(error, brand.requiresTracker);
      if (result.code) setError('activation_code', { type: 'server', message: result.code });
      if (result.tracker) setError('tracker_id', { type: 'server', message: result.tracker });
      setShowSupport(Boolean(result.support));
      setCodeGeneral(result.general ?? null);
      return false;
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setSubmitError(null);
    const withCode = values.code_option === 'yes';
    const codeValue = withCode ? values.activation_code.trim() : '';
    let productAssociated = false;
    // Spec 1 section 4: a code longer than one character is verified before sign-up.
    if (codeValue.length > 1) {
      if (!(codeValid || (await checkCode()))) return;
      productAssociated = true;
    }
    const payload: SignUpInput = {
      name: values.name,
      email: values.email,
      password: values.password,
      activation_code: codeValue || null,
      language: currentLanguage(i18n),
      product_associated: productAssociated,
      ...(brand.requiresTracker && withCode ? { tracker_ids: [values.tracker_id.trim()] } : {}),
      ...(householdToken ? { household_token: householdToken } : {}),
    };
    try {
      await signUp.mutateAsync(payload);
      onRegistered(values.email);
    } catch (error) {
      if (error instanceof ApiError && error.fields.household_token) {
        setSubmitError('Household_Invitation_Invalid_Text');
        return;
      }
      const matched = applyFieldErrors(error, setError, FIELDS, { tracker_ids: 'tracker_id' });
      if (!matched) setSubmitError(signUpErrorKey(error, brand.signupClosed));
    }
  });

  const showPersonalData = option !== 'no';

  return (
    <form onSubmit={onSubmit} onFocus={resolver.preload} noValidate>
      <Stack gap="md">
        {householdToken ? null : (
          <CodeSection
            form={form}
            checking={verify.isPending}
            codeValid={codeValid}
            showSupport={showSupport}
            generalError={codeGeneral}
            onCheck={() => void checkCode()}
          />
        )}

        {showPersonalData ? (
          <>
            <Divider label={t('register.personalData')} labelPosition="left" mt="xs" />
            <TextField
              control={control}
              name="name"
              label={t('register.name')}
              autoComplete="name"
              size="md"
              required
            />
            <TextField
              control={control}
              name="email"
              label={t('register.email')}
              type="email"
              autoComplete="email"
              size="md"
              required
            />
            <NewPasswordFields
              control={control}
              names={{ password: 'password', confirm: 'confirm_password' }}
              labels={{ password: t('register.password'), confirm: t('register.confirmPassword') }}
              size="md"
            />
            <Controller
              control={control}
              name="accept_terms"
              render={({ field }) => (
                <Checkbox
                  size="md"
                  name={field.name}
                  checked={field.value === true}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                  onBlur={field.onBlur}
                  error={fieldError(formState.errors.accept_terms?.message)}
                  label={
                    <Trans
                      t={t}
                      i18nKey="register.acceptTerms"
                      components={{
                        // Underlined: inside a sentence a link must not differ by colour alone (WCAG 1.4.1).
                        privacy: (
                          <Anchor
                            href={brand.links.privacy}
                            target="_blank"
                            rel="noopener"
                            inherit
                            underline="always"
                          />
                        ),
                        terms: (
                          <Anchor
                            href={brand.links.terms}
                            target="_blank"
                            rel="noopener"
                            inherit
                            underline="always"
                          />
                        ),
                      }}
                    />
                  }
                />
              )}
            />
            {submitError ? (
              <FormAlert>
                {t(`errors:${submitError}`)}
                {submitError === 'PrimePet_Merging_Services' ? (
                  <>
                    {' '}
                    <Anchor href={brand.links.successorApp} target="_blank" rel="noopener noreferrer" inherit>
                      {t('register.closed.link')}
                    </Anchor>
                  </>
                ) : null}
              </FormAlert>
            ) : null}
            <Button
              type="submit"
              size="md"
              fullWidth
              loading={formState.isSubmitting}
              disabled={formState.isSubmitting}
            >
              {t('register.submit')}
            </Button>
          </>
        ) : null}
      </Stack>
    </form>
  );
}
