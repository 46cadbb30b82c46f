import { Stack } from '@mantine/core';
import type { ErrorTextKey } from '@pet/shared/errors';
import { useTranslation } from 'react-i18next';
import { errorTextKey } from '../lib/errors.ts';
import { isLimitReachedError } from '../lib/plan/limitError.ts';
import { FormAlert } from './FormAlert.tsx';
import { PlanLimitNotice } from './PlanLimitNotice.tsx';

/** Texts that add nothing to "Oops! Update Failed". */
const UNSPECIFIC: ReadonlySet<ErrorTextKey> = new Set<ErrorTextKey>([
  'Something_Went_Wrong',
  'Bad_Request_Text',
  'Failure_Call_Text',
]);

/**
 * What a failed save or delete shows above the buttons: the plan notice for a 403 LIMIT_REACHED (a plan
 * that lost its medical flag, a document limit reached meanwhile in another tab), otherwise "Oops! Update
 * Failed" and, when the answer tells more, why. Field errors are shown under their fields instead.
 */
export function SaveFailureAlert({ error }: { error: unknown }) {
  const { t } = useTranslation('errors');
  if (!error) return null;
  if (isLimitReachedError(error)) return <PlanLimitNotice error={error} />;
  const reason = errorTextKey(error);
  return (
    <FormAlert>
      <Stack gap={2}>
        <span>{t('Update_Failed_Text')}</span>
        {UNSPECIFIC.has(reason) ? null : <span>{t(reason)}</span>}
      </Stack>
    </FormAlert>
  );
}
