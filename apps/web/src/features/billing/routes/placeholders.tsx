import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/PlaceholderPage.tsx';

// Stand-ins until the subscription lifecycle issue builds these pages (cancel).

export function CancelSubscriptionPage() {
  const { t } = useTranslation('billing');
  return <PlaceholderPage title={t('cancel.title')} />;
}

export function CancelSubscriptionSuccessfulPage() {
  const { t } = useTranslation('billing');
  return <PlaceholderPage title={t('cancelSuccessful.title')} />;
}
