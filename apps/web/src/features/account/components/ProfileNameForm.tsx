import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { MyInfo } from '@pet/shared';
import { nameField } from '@pet/shared';

import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { applyFieldErrors, useErrorText } from '../../../lib/errors.ts';
import { useAppForm } from '../../../lib/forms.ts';
import { useSaveName } from '../api/useAccountMutations.ts';
import { saveErrorKey } from './saveErrors.ts';

const nameSchema = z.object({ name: nameField });

/** The editable name (PUT /v1/auth/modify {name}) and the read-only e-mail address. */
export function ProfileNameForm({ me }: { me: MyInfo }) {
  const { t } = useTranslation(['account', 'errors']);
  const fieldError = useErrorText();
  const { register, handleSubmit, formState, setError, reset } = useAppForm({
    resolver: zodResolver(nameSchema),
    defaultValues: { name: me.name },
  });

  const save = useSaveName();
  const saveName = (name: string) =>
    save.mutate(name, {
      onSuccess: () => {
        reset({ name });
        notifications.show({ color: 'teal', message: t('profile.saved') });
      },
      onError: (error) => {
        if (!applyFieldErrors(error, setError, ['name'])) {
          notifications.show({ color: 'red', message: t(`errors:${saveErrorKey(error)}`) });
        }
      },
    });

  return (
    <form onSubmit={handleSubmit((values) => saveName(values.name))} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('profile.name')}
          autoComplete="name"
          required
          error={fieldError(formState.errors.name?.message)}
          {...register('name')}
        />
        <TextInput
          label={t('profile.email')}
          value={me.email}
          readOnly
          variant="filled"
          description={t('profile.emailHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          styles={{ description: { marginTop: 6 } }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={save.isPending || !formState.isDirty}>
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
