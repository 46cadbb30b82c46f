import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/PlaceholderPage.tsx';

// Stand-ins until the subscription lifecycle issue builds these pages (payment details).

export function UpdatePaymentPage() {
  const { t } = useTranslation('billing');
  return <PlaceholderPage title={t('updatePayment.title')} />;
}

export function PaymentUpdateSuccessfulPage() {
  const { t } = useTranslation('billing');
  return <PlaceholderPage title={t('paymentUpdateSuccessful.title')} />;
}

export function PaymentUpdateFailedPage() {
  const { t } = useTranslation('billing');
  return <PlaceholderPage title={t('paymentUpdateFailed.title')} />;
}
