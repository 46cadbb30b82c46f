import { Button, Group, Stack, Text } from '@mantine/core';
import { ERASURE_WARNING_DAYS_BEFORE, REACTIVATION_WINDOW_DAYS } from '@pet/shared';
import { paths } from '@pet/shared/paths';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { errorTextKey } from '../../../lib/errors.ts';
import { useCancelSubscription } from '../api/useSubscriptionMutations.ts';
import { lastDayLabel } from '../lib/termDates.ts';
import { useSubscriptionRefresh } from '../lib/useSubscriptionRefresh.ts';

/**
 * process=confirm_Termination: what ends and when, then POST cancel; the confirmation page shows the end
 * date the server answered (current_phase.end_date), carried in its url so a reload keeps it.
 */
export function ConfirmTermination({ planName, termEnd }: { planName: string; termEnd: number | null }) {
  const { t } = useTranslation(['billing', 'errors']);
  const navigate = useNavigate();
  const refresh = useSubscriptionRefresh();
  const date = lastDayLabel(termEnd);
  const cancel = useCancelSubscription();
  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: async (answer) => {
        // Away first: read again here, the cancel status would turn this page into the revocation.
        const end = encodeURIComponent(String(answer.current_phase.end_date));
        await navigate(`${paths.cancelSubscriptionSuccessful}?end_date=${end}`);
        await refresh();
      },
    });

  return (
    <Stack gap="md" maw={720}>
      <Text>
        {date ? t('cancel.endsOn', { plan: planName, date }) : t('cancel.endsAtTermEnd', { plan: planName })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('cancel.afterEnd')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('cancel.reactivation', {
          weeks: REACTIVATION_WINDOW_DAYS / 7,
          warningDays: ERASURE_WARNING_DAYS_BEFORE,
        })}
      </Text>
      {cancel.isError ? <FormAlert>{t(`errors:${errorTextKey(cancel.error)}`)}</FormAlert> : null}
      <Group gap="sm">
        <Button color="red" loading={cancel.isPending} onClick={confirm}>
          {t('cancel.confirm')}
        </Button>
        <Button component={Link} to={paths.subscription} variant="default">
          {t('cancel.keep')}
        </Button>
      </Group>
    </Stack>
  );
}
