import { notifications } from '@mantine/notifications';
import type { Dose } from '@pet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { clockTime } from '../../../lib/clockTime.ts';
import { errorTextKey } from '../../../lib/errors.ts';
import { checkDose, dosesKey, undoDose } from './dosesApi.ts';

// A tick checks the dose off, an untick undoes the user's own check-off (within its 10 minutes). Either way
// every dose list is read again before the box is enabled again, so it shows what the household sees. When
// someone else was quicker, the notice names who gave it and when (the 409's fields).

export const toggleDoseKey = [...dosesKey, 'toggle'] as const;

const keyOf = (dose: Dose) => ({ medication_id: dose.medication_id, date: dose.date, slot: dose.slot });

/** Ticks (`give`) or unticks one dose. */
export function useToggleDose(dose: Dose) {
  const queryClient = useQueryClient();
  const { t } = useTranslation(['doses', 'errors']);
  return useMutation({
    mutationKey: toggleDoseKey,
    mutationFn: async (give: boolean) => {
      if (give) await checkDose(keyOf(dose));
      else await undoDose(keyOf(dose));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: dosesKey }),
    onError: (error) => {
      if (isApiError(error) && error.code === 'DOSE_ALREADY_GIVEN') {
        const { given_by: name, given_at: at } = error.fields;
        notifications.show({
          color: 'orange',
          message:
            name && at
              ? t('doses:dose.alreadyGiven', { name, time: clockTime(at) })
              : t('doses:dose.alreadyGivenUnknown'),
        });
        return;
      }
      notifications.show({ color: 'red', message: t(`errors:${errorTextKey(error)}`) });
    },
  });
}
