import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PetBanner } from '../../../components/PetBanner.tsx';
import { useBrand } from '../../../config/brand.tsx';
import { canWrite, usePetRole } from '../../../lib/pets/petRole.ts';
import { petAppointmentsQuery } from '../api/appointmentsApi.ts';
import { AddAppointmentButton } from '../components/AddAppointmentButton.tsx';
import { AppointmentsLimitNotice } from '../components/AppointmentsLimitNotice.tsx';
import { AppointmentsView } from '../components/AppointmentsView.tsx';
import { petAppointmentsPath } from './appointmentPaths.ts';

/** /pet-details/:name/:id/appointments: one pet's appointments under its banner. */
export function PetAppointmentsPage() {
  const { t } = useTranslation('appointments');
  const brand = useBrand();
  const { id = '', name = '' } = useParams();
  const list = useQuery(petAppointmentsQuery(id));
  const addTo = `${petAppointmentsPath(id, name)}/add-appointment`;
  const isEmpty = list.data?.length === 0;
  // A sitter reads the appointments: no add, no edit (issue 45).
  const readOnly = !canWrite(usePetRole(id));

  return (
    <>
      <PetBanner
        petId={id}
        fallbackName={name.replace(/-/g, ' ')}
        section={t('petAppointments.title')}
        actions={isEmpty || readOnly ? null : <AddAppointmentButton to={addTo} />}
      />
      <Stack gap="lg">
        {readOnly ? null : <AppointmentsLimitNotice />}
        <AppointmentsView
          list={list}
          showPetName={brand.petNameInAppointments}
          addTo={addTo}
          readOnly={readOnly}
        />
      </Stack>
    </>
  );
}
