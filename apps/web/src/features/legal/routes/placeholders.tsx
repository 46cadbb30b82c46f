import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/PlaceholderPage.tsx';

// Stand-ins for the document pages (/pdf, /conditions, /dataprotectionpdf); their content is not specified.

export function PdfPage() {
  const { t } = useTranslation('legal');
  return <PlaceholderPage title={t('pdf.title')} />;
}

export function ConditionsPage() {
  const { t } = useTranslation('legal');
  return <PlaceholderPage title={t('conditions.title')} />;
}

export function DataProtectionPage() {
  const { t } = useTranslation('legal');
  return <PlaceholderPage title={t('dataProtection.title')} />;
}
