import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { changePasswordFormSchema } from '@pet/shared';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { FormSuccess } from '../../../components/FormSuccess.tsx';
import { NewPasswordFields } from '../../../components/form/NewPasswordFields.tsx';
import { ApiError } from '../../../lib/api/ApiError.ts';
import { applyFieldErrors, errorTextKey, useErrorText } from '../../../lib/errors.ts';
import { useAppForm } from '../../../lib/forms.ts';
import { useChangePassword } from '../api/useAccountMutations.ts';

const EMPTY = { oldpassword: '', newpassword: '', confirmpassword: '' };
/** The request's fields, which the server's errors may name. */
const FIELDS = ['oldpassword', 'newpassword'] as const;

/**
 * The change-password form: every rule checked on blur by the shared schema, the server's field errors (a
 * wrong old password, a common new one) shown at their field, a lasting success message after the change.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation(['account', 'errors']);
  const fieldError = useErrorText();
  const { register, handleSubmit, formState, control, setError, reset } = useAppForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });
  const change = useChangePassword();

  const onSubmit = handleSubmit(({ oldpassword, newpassword }) =>
    change.mutate(
      { oldpassword, newpassword },
      {
        onSuccess: () => reset(EMPTY),
        onError: (error) => applyFieldErrors(error, setError, FIELDS),
      },
    ),
  );
  // A refusal the fields already show (applyFieldErrors) needs no general message as well.
  const fieldRefused =
    change.error instanceof ApiError && FIELDS.some((field) => field in (change.error as ApiError).fields);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <PasswordInput
          label={t('changePassword.oldpassword')}
          autoComplete="current-password"
          required
          error={fieldError(formState.errors.oldpassword?.message)}
          aria-invalid={Boolean(formState.errors.oldpassword)}
          {...register('oldpassword')}
        />
        <NewPasswordFields
          control={control}
          names={{ password: 'newpassword', confirm: 'confirmpassword' }}
          labels={{ password: t('changePassword.newpassword'), confirm: t('changePassword.confirmpassword') }}
        />
        {change.isError && !fieldRefused ? (
          <FormAlert>{t(`errors:${errorTextKey(change.error, 'password-change')}`)}</FormAlert>
        ) : null}
        {change.isSuccess && !formState.isDirty ? (
          <FormSuccess>{t('changePassword.done')}</FormSuccess>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending} disabled={change.isPending}>
            {t('changePassword.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
