import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { PlanLimitNotice } from '../../../components/PlanLimitNotice.tsx';
import { isLimitReachedError } from '../../../lib/plan/limitError.ts';
import { saveFailure } from './saveErrors.ts';

/**
 * What a failed save shows above the buttons: the plan notice for a 403 LIMIT_REACHED (with its link to the
 * plans), otherwise what failed and, when known, why. Field errors are shown under their fields instead.
 */
export function AppointmentFormError({
  error,
  action,
}: {
  error: unknown;
  action: 'create' | 'update' | 'delete';
}) {
  const { t } = useTranslation('errors');
  if (!error) return null;
  if (isLimitReachedError(error)) return <PlanLimitNotice error={error} />;
  const { summary, reason } = saveFailure(error, action);
  return (
    <FormAlert>
      <Stack gap={2}>
        <span>{t(summary)}</span>
        {reason ? <span>{t(reason)}</span> : null}
      </Stack>
    </FormAlert>
  );
}
