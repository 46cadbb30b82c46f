import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { paths } from '@pet/shared/paths';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { errorTextKey } from '../../../lib/errors.ts';
import { useRevokeCancellation } from '../api/useSubscriptionMutations.ts';
import { lastDayLabel } from '../lib/termDates.ts';
import { useSubscriptionRefresh } from '../lib/useSubscriptionRefresh.ts';

/** process=cancel_Termination: the subscription ends on its last day unless the cancellation is revoked. */
export function CancelledTermination({ planName, termEnd }: { planName: string; termEnd: number | null }) {
  const { t } = useTranslation(['billing', 'errors']);
  const navigate = useNavigate();
  const refresh = useSubscriptionRefresh();
  const date = lastDayLabel(termEnd);
  const revoke = useRevokeCancellation();
  const revokeNow = () =>
    revoke.mutate(undefined, {
      onSuccess: async () => {
        // Away first: read again here, the cancel status would turn this page into another process.
        notifications.show({ color: 'teal', message: t('cancel.revoked') });
        await navigate(paths.subscription);
        await refresh();
      },
    });

  return (
    <Stack gap="md" maw={720}>
      <Text>
        {date
          ? t('cancel.cancelledUntil', { plan: planName, date })
          : t('cancel.cancelled', { plan: planName })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('cancel.revokeHint')}
      </Text>
      {revoke.isError ? <FormAlert>{t(`errors:${errorTextKey(revoke.error)}`)}</FormAlert> : null}
      <Group>
        <Button loading={revoke.isPending} onClick={revokeNow}>
          {t('cancel.revoke')}
        </Button>
      </Group>
    </Stack>
  );
}
