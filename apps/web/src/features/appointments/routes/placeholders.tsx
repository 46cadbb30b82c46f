import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/PlaceholderPage.tsx';

// Stand-ins until the appointments issue builds the lists and the add form.

export function MyAppointmentsPage() {
  const { t } = useTranslation('appointments');
  return <PlaceholderPage title={t('myAppointments.title')} />;
}

export function PetAppointmentsPage() {
  const { t } = useTranslation('appointments');
  return <PlaceholderPage title={t('petAppointments.title')} />;
}

export function AddAppointmentPage() {
  const { t } = useTranslation('appointments');
  return <PlaceholderPage title={t('add.title')} />;
}
