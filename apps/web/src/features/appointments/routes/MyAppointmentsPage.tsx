import { Box, Group, Stack } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { myAppointmentsQuery } from '../api/appointmentsApi.ts';
import { AddAppointmentButton } from '../components/AddAppointmentButton.tsx';
import { AppointmentsLimitNotice } from '../components/AppointmentsLimitNotice.tsx';
import { AppointmentsView } from '../components/AppointmentsView.tsx';

/** /dashboard/my-appointments: the appointments of all pets, each row naming its pet. */
export function MyAppointmentsPage() {
  const { t } = useTranslation('appointments');
  const list = useQuery(myAppointmentsQuery);
  // The empty state carries its own add prompt: one add button per screen.
  const isEmpty = list.data?.length === 0;

  return (
    <>
      <Group justify="space-between" align="flex-start" gap="md">
        <PageHeader title={t('myAppointments.title')} subtitle={t('myAppointments.subtitle')} />
        {isEmpty ? null : (
          // Below the heading on phones: keep the list's heading off it.
          <Box mb={{ base: 'lg', sm: 0 }}>
            <AddAppointmentButton to={paths.addAppointment} />
          </Box>
        )}
      </Group>
      <Stack gap="lg">
        <AppointmentsLimitNotice />
        <AppointmentsView list={list} showPetName addTo={paths.addAppointment} />
      </Stack>
    </>
  );
}
