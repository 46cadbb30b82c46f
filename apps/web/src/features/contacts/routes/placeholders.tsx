import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/PlaceholderPage.tsx';

// Stand-in until the contacts issue builds the per-type accordions.

export function ContactsPage() {
  const { t } = useTranslation('contacts');
  return <PlaceholderPage title={t('overview.title')} />;
}
