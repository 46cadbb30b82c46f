import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/PlaceholderPage.tsx';

// Stand-ins until the account issues build the password change.

export function ChangePasswordPage() {
  const { t } = useTranslation('account');
  return <PlaceholderPage title={t('changePassword.title')} />;
}
