import { Button, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { PetReminders } from '@pet/shared';
import { DEFAULT_TIME_ZONE } from '@pet/shared/domain/appointments';
import { DOSE_SLOTS, type DoseSlot } from '@pet/shared/domain/doses';
import { IconAlarm } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { TimeOfDayInput } from '../../../components/TimeOfDayInput.tsx';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { errorTextKey, useErrorText } from '../../../lib/errors.ts';
import { browserTimeZone } from '../../../lib/timeZone.ts';
import { remindersQuery, useSaveDoseTimes, useSaveOptIn } from '../api/remindersApi.ts';

type Pet = { id: string; name: string };

/** A usual time of each slot, as the empty field's example. */
const PLACEHOLDERS: Record<DoseSlot, string> = { mornings: '08:00', noons: '12:00', evenings: '19:00' };

/** The user's zone: the times of their mails follow it (the server's default when the browser names none). */
const myZone = () => browserTimeZone() ?? DEFAULT_TIME_ZONE;

/** The user's own opt-in: switches at once, and back if saving fails. */
function OptInSwitch({ pet, reminders }: { pet: Pet; reminders: PetReminders }) {
  const { t } = useTranslation(['reminders', 'errors']);
  const save = useSaveOptIn(pet.id);
  const zone = myZone();
  const [clicked, setClicked] = useState<boolean | null>(null);
  const switchTo = (optedIn: boolean) => {
    setClicked(optedIn);
    save.mutate(
      { opted_in: optedIn, time_zone: zone },
      {
        onSettled: () => setClicked(null),
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            message: t(optedIn ? 'optIn.on' : 'optIn.off', { name: pet.name }),
          }),
        onError: (error) => notifications.show({ color: 'red', message: t(`errors:${errorTextKey(error)}`) }),
      },
    );
  };
  return (
    <Switch
      size="md"
      label={t(reminders.may_set_dose_times ? 'optIn.labelOwner' : 'optIn.labelMember', { name: pet.name })}
      description={t('optIn.hint', { zone })}
      // The switch follows the click at once; the saved answer (or the failure) settles it.
      checked={clicked ?? reminders.opted_in}
      disabled={clicked !== null}
      onChange={(event) => switchTo(event.currentTarget.checked)}
    />
  );
}

/** The dose times as a member sees them. */
function DoseTimesLine({ reminders }: { reminders: PetReminders }) {
  const { t } = useTranslation('reminders');
  const set = DOSE_SLOTS.flatMap((slot) => {
    const time = reminders.dose_times[slot];
    return time ? [`${t(`slots.${slot}`)} ${time}`] : [];
  });
  return (
    <Text size="sm" c="dimmed" data-testid="dose-times">
      {set.length > 0
        ? t('times.set', { times: set.join(', '), zone: reminders.dose_time_zone })
        : t('times.none')}
    </Text>
  );
}

/** The owner's dose times: a time per slot on their clock, empty for none. */
function DoseTimesForm({ pet, reminders }: { pet: Pet; reminders: PetReminders }) {
  const { t } = useTranslation(['reminders', 'errors']);
  const errorText = useErrorText();
  const save = useSaveDoseTimes(pet.id);
  const [times, setTimes] = useState<Record<DoseSlot, string>>({
    mornings: reminders.dose_times.mornings ?? '',
    noons: reminders.dose_times.noons ?? '',
    evenings: reminders.dose_times.evenings ?? '',
  });
  const zone = myZone();
  const fields = save.error && isApiError(save.error) ? save.error.fields : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { ...times, time_zone: zone },
      { onSuccess: () => notifications.show({ color: 'teal', message: t('times.saved') }) },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="dose-times-title">
      <Title order={3} fz="md" id="dose-times-title" mb={4}>
        {t('times.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('times.hint', { zone })}
      </Text>
      <Group gap="sm" align="flex-start" grow preventGrowOverflow={false}>
        {DOSE_SLOTS.map((slot) => (
          <TimeOfDayInput
            key={slot}
            label={t(`slots.${slot}`)}
            placeholder={PLACEHOLDERS[slot]}
            value={times[slot]}
            onChange={(value) => setTimes((current) => ({ ...current, [slot]: value }))}
            error={errorText(fields[slot])}
            miw={110}
          />
        ))}
      </Group>
      {save.isError && Object.keys(fields).length === 0 ? (
        <Stack mt="sm">
          <FormAlert>{t(`errors:${errorTextKey(save.error)}`)}</FormAlert>
        </Stack>
      ) : null}
      <Button type="submit" mt="md" loading={save.isPending}>
        {t('times.save')}
      </Button>
    </form>
  );
}

/**
 * "Reminders" on the pet's page (issue 49): everyone who looks after the pet switches its reminder mails on
 * or off for themselves; the owner sets the time each slot's doses are due, members see them.
 */
export function PetRemindersCard({ pet }: { pet: Pet }) {
  const { t } = useTranslation(['reminders', 'errors']);
  const reminders = useQuery(remindersQuery(pet.id));
  const data = reminders.data;
  return (
    <SectionCard
      id="pet-reminders-title"
      icon={IconAlarm}
      title={t('card.title')}
      description={t(data?.may_set_dose_times ? 'card.descriptionOwner' : 'card.descriptionMember', {
        name: pet.name,
      })}
      p={{ base: 'md', sm: 'xl' }}
    >
      {reminders.isPending ? <Skeleton height={48} role="status" aria-label={t('card.loading')} /> : null}
      {reminders.isError ? (
        <LoadError
          title={t('card.loadFailed')}
          error={reminders.error}
          onRetry={() => void reminders.refetch()}
        />
      ) : null}
      {data ? (
        <Stack gap="lg">
          <OptInSwitch pet={pet} reminders={data} />
          {data.may_set_dose_times ? (
            <DoseTimesForm pet={pet} reminders={data} />
          ) : (
            <DoseTimesLine reminders={data} />
          )}
        </Stack>
      ) : null}
    </SectionCard>
  );
}
