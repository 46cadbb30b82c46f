import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useBrandTextContext } from '../../../config/brand.tsx';
import { AddAppointmentButton } from './AddAppointmentButton.tsx';

/** No appointments yet: an add prompt (dog wording on hunde-schutz); a sitter's: the title only. */
export function AppointmentsEmptyState({ addTo, readOnly = false }: { addTo: string; readOnly?: boolean }) {
  const { t } = useTranslation('appointments');
  const textContext = useBrandTextContext();
  return (
    <EmptyState
      icon={IconCalendarEvent}
      title={t('empty.title')}
      text={readOnly ? undefined : t('empty.text', textContext)}
      action={readOnly ? null : <AddAppointmentButton to={addTo} />}
    />
  );
}
