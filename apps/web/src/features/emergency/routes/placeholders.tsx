import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/PlaceholderPage.tsx';

// Stand-ins until the emergency issue builds the download pages.

export function EmergencyDataPage() {
  const { t } = useTranslation('emergency');
  return <PlaceholderPage title={t('emergencyData.title')} />;
}

export function NotfallPage() {
  const { t } = useTranslation('emergency');
  return <PlaceholderPage title={t('notfall.title')} />;
}
