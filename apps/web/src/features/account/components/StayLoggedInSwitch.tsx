import { Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { MyInfo } from '@pet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { updateMyInfo } from '../../../lib/session/myInfo.ts';
import { modifyAccount } from '../api/accountApi.ts';
import { saveErrorKey } from './saveErrors.ts';

/** "Stay signed in" (PUT /v1/auth/modify {stay_loggedin}): switches at once, and back if saving fails. */
export function StayLoggedInSwitch({ me }: { me: MyInfo }) {
  const { t } = useTranslation(['account', 'errors']);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (stay: boolean) => modifyAccount({ stay_loggedin: stay }),
    onMutate: (stay) => updateMyInfo(queryClient, { stay_loggedin: stay }),
    onSuccess: () => notifications.show({ color: 'teal', message: t('settings.session.saved') }),
    onError: (error, stay) => {
      updateMyInfo(queryClient, { stay_loggedin: !stay });
      notifications.show({ color: 'red', message: t(`errors:${saveErrorKey(error)}`) });
    },
  });
  return (
    <Switch
      size="md"
      label={t('settings.session.stayLoggedIn')}
      description={t('settings.session.stayLoggedInHint')}
      checked={me.stay_loggedin}
      disabled={save.isPending}
      onChange={(event) => save.mutate(event.currentTarget.checked)}
    />
  );
}
