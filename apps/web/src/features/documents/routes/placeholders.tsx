import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/PlaceholderPage.tsx';

// Stand-ins until the documents issue builds the document safe and vet findings hubs.

export function DocumentSafePage() {
  const { t } = useTranslation('documents');
  return <PlaceholderPage title={t('documentSafe.title')} />;
}

export function VetFindingsPage() {
  const { t } = useTranslation('documents');
  return <PlaceholderPage title={t('vetFindings.title')} />;
}
