import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/PlaceholderPage.tsx';

// Stand-in until the medical-data issue builds the overview and its sub-pages.

export function MedicalDataPage() {
  const { t } = useTranslation('medical');
  return <PlaceholderPage title={t('overview.title')} />;
}
