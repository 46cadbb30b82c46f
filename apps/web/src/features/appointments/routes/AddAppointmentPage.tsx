import { Button, Paper, Stack, Text } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { PageLoader } from '../../../components/Loaders.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PetBanner } from '../../../components/PetBanner.tsx';
import { PlanLimitNotice } from '../../../components/PlanLimitNotice.tsx';
import { ReadOnlyNotice } from '../../../components/ReadOnlyNotice.tsx';
import { useBrandTextContext } from '../../../config/brand.tsx';
import { errorTextKey } from '../../../lib/errors.ts';
import { petsQuery } from '../../../lib/pets/petQueries.ts';
import { canWrite } from '../../../lib/pets/petRole.ts';
import { AddAppointmentForm } from '../components/AddAppointmentForm.tsx';
import { useAppointmentPermission } from '../components/useAppointmentPermission.ts';
import { petAppointmentsPath } from './appointmentPaths.ts';

/**
 * /dashboard/my-appointments/add-appointment and /pet-details/:name/:id/appointments/add-appointment: the
 * :id param tells them apart. The form is offered only when the plan includes appointments and a pet exists.
 */
export function AddAppointmentPage() {
  const { t } = useTranslation(['appointments', 'errors', 'common']);
  const textContext = useBrandTextContext();
  const { id, name = '' } = useParams();
  const backTo = id ? petAppointmentsPath(id, name) : paths.myAppointments;
  const pets = useQuery(petsQuery);
  const permission = useAppointmentPermission();

  const header = id ? (
    <PetBanner petId={id} fallbackName={name.replace(/-/g, ' ')} section={t('add.title')} />
  ) : (
    <PageHeader title={t('add.title')} subtitle={t('add.subtitle')} />
  );

  const backButton = (
    <Button component={Link} to={backTo} variant="default" leftSection={<IconArrowLeft size={16} />}>
      {t('add.back')}
    </Button>
  );

  let content: ReactNode;
  if (permission.isPending || pets.isPending) {
    content = <PageLoader />;
  } else if (!permission.decision.allowed) {
    // Add pressed (or the add address opened) on a plan without appointments: the catalogue's "appointment
    // add not allowed" (spec 2 section 8), with the same link to the plans as the list's limit message.
    content = (
      <Stack gap="md" align="flex-start">
        <PlanLimitNotice
          decision={{ ...permission.decision, messageKey: 'Appointment_Add_Not_Allowed_Text' }}
        />
        {backButton}
      </Stack>
    );
  } else if (pets.isError) {
    content = (
      <Stack gap="sm" align="flex-start">
        <FormAlert>{t(`errors:${errorTextKey(pets.error)}`)}</FormAlert>
        <Button variant="light" onClick={() => void pets.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </Stack>
    );
  } else if (id && pets.data.some((pet) => pet.id === id && !canWrite(pet.role))) {
    // A sitter's pet (by the address): the notice instead of the form (issue 45).
    content = <ReadOnlyNotice backTo={backTo} />;
  } else if (pets.data.length === 0) {
    content = (
      <Paper withBorder p="xl" maw={640}>
        <Stack gap="md" align="flex-start">
          <Text>{t('errors:No_Pet_Text', textContext)}</Text>
          <Text c="dimmed" size="sm">
            {t('add.noPetsHint', textContext)}
          </Text>
          <Button component={Link} to={paths.newPet} leftSection={<IconPlus size={16} />}>
            {t('add.addPet', textContext)}
          </Button>
        </Stack>
      </Paper>
    );
  } else if (!pets.data.some((pet) => canWrite(pet.role))) {
    // Only pets the user sits: nothing to add an appointment to.
    content = <ReadOnlyNotice backTo={backTo} />;
  } else if (id && !pets.data.some((pet) => pet.id === id)) {
    content = (
      <Stack gap="md" align="flex-start">
        <FormAlert>{t('errors:Not_Found_Text')}</FormAlert>
        {backButton}
      </Stack>
    );
  } else {
    // The pets the user may add appointments to: their own and those they co-own.
    const writable = pets.data.filter((pet) => canWrite(pet.role));
    content = <AddAppointmentForm pets={writable} routePetId={id} backTo={backTo} />;
  }

  return (
    <>
      {header}
      {content}
    </>
  );
}
