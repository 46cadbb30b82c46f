import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/PlaceholderPage.tsx';

// Stand-in until the account issue builds deletion.

export function DeleteAccountPage() {
  const { t } = useTranslation('account');
  return <PlaceholderPage title={t('deleteAccount.title')} />;
}
