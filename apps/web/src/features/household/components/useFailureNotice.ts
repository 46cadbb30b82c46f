import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorTextKey } from '../../../lib/errors.ts';

/** A failed write's notice, in the user's language. */
export function useFailureNotice() {
  const { t } = useTranslation('errors');
  return (error: unknown) => notifications.show({ color: 'red', message: t(errorTextKey(error)) });
}
