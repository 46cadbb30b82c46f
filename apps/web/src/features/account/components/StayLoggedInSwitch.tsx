import { Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { MyInfo } from '@pet/shared';
import { useTranslation } from 'react-i18next';
import { useSaveStayLoggedIn } from '../api/useAccountMutations.ts';
import { saveErrorKey } from './saveErrors.ts';

/** "Stay signed in" (PUT /v1/auth/modify {stay_loggedin}): switches at once, and back if saving fails. */
export function StayLoggedInSwitch({ me }: { me: MyInfo }) {
  const { t } = useTranslation(['account', 'errors']);
  const save = useSaveStayLoggedIn();
  const switchTo = (stay: boolean) =>
    save.mutate(stay, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('settings.session.saved') }),
      onError: (error) => notifications.show({ color: 'red', message: t(`errors:${saveErrorKey(error)}`) }),
    });
  return (
    <Switch
      size="md"
      label={t('settings.session.stayLoggedIn')}
      description={t('settings.session.stayLoggedInHint')}
      checked={me.stay_loggedin}
      disabled={save.isPending}
      onChange={(event) => switchTo(event.currentTarget.checked)}
    />
  );
}
