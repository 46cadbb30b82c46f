import { Button, Group, Radio, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { HOUSEHOLD_INVITATION, HOUSEHOLD_ROLES, type HouseholdRole } from '@pet/shared';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { todayIso } from '../../../components/DisplayDateInput.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { DateField } from '../../../components/form/DateField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { ApiError } from '../../../lib/api/ApiError.ts';
import { applyFieldErrors, errorTextKey } from '../../../lib/errors.ts';
import { useAppForm } from '../../../lib/forms.ts';
import { useInviteToHousehold } from '../api/useHouseholdMutations.ts';
import { useRoleLabel } from './householdTexts.ts';
import {
  emptyInviteValues,
  INVITE_SERVER_FIELDS,
  type InviteFormOutput,
  type InviteFormValues,
  inviteFormResolver,
  invitePayload,
} from './inviteForm.ts';

/**
 * The owner's invite form: an e-mail address, the role (each with a line on what it may do) and an optional
 * last day. The API's field messages land under their fields (its own address: under the e-mail); too many
 * invitations today, and any other failure, show above the button in the user's language.
 */
export function InviteForm({ pet }: { pet: { id: string; name: string } }) {
  const { t } = useTranslation(['household', 'errors']);
  const roleLabel = useRoleLabel();
  const invite = useInviteToHousehold(pet.id);
  const [failure, setFailure] = useState<unknown>(null);
  const form = useAppForm<InviteFormValues, unknown, InviteFormOutput>({
    resolver: inviteFormResolver,
    defaultValues: emptyInviteValues(),
  });

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    invite.mutate(invitePayload(values), {
      onSuccess: () => {
        notifications.show({
          color: 'teal',
          message: t('invite.sent', { email: values.email, days: HOUSEHOLD_INVITATION.days }),
        });
        form.reset(emptyInviteValues());
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, INVITE_SERVER_FIELDS)) setFailure(error);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="household-invite-title">
      <Stack gap="md">
        <Title order={3} fz="md" id="household-invite-title">
          {t('invite.title')}
        </Title>
        <TextField control={form.control} name="email" type="email" label={t('invite.email')} required />
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <Radio.Group
              label={t('invite.role')}
              value={field.value}
              onChange={(value) => field.onChange(value as HouseholdRole)}
              name={field.name}
            >
              <Stack gap="xs" mt={6}>
                {HOUSEHOLD_ROLES.map((role) => (
                  <Radio
                    key={role}
                    value={role}
                    label={roleLabel(role)}
                    description={t(`roleHints.${role}`, { name: pet.name })}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
        />
        <DateField
          control={form.control}
          name="until"
          label={t('invite.until')}
          description={t('invite.untilHint')}
          minDate={todayIso()}
          clearable
          maw={420}
        />
        <InviteFailure error={failure} />
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={invite.isPending}
            disabled={invite.isPending}
            leftSection={<IconMailForward size={16} stroke={1.7} />}
          >
            {t('invite.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What failed and why: too many invitations today has its own text (the limits), the rest the API's. */
function InviteFailure({ error }: { error: unknown }) {
  const { t } = useTranslation(['household', 'errors']);
  if (!error) return null;
  const tooMany = error instanceof ApiError && error.status === 429;
  return (
    <FormAlert>
      <Stack gap={2}>
        <span>{t('invite.failed')}</span>
        <span>
          {tooMany
            ? t('invite.tooMany', {
                perAddress: HOUSEHOLD_INVITATION.perAddressAndPetPerDay,
                perDay: HOUSEHOLD_INVITATION.perInviterPerDay,
              })
            : t(`errors:${errorTextKey(error)}`)}
        </span>
      </Stack>
    </FormAlert>
  );
}
