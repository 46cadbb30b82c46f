import { Paper, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CancelSubmitButtons } from '../../../components/form/CancelSubmitButtons.tsx';
import { useBrand } from '../../../config/brand.tsx';
import { applyFieldErrors } from '../../../lib/errors.ts';
import { useAppForm } from '../../../lib/forms.ts';
import { useCreateAppointment } from '../api/useAppointmentMutations.ts';
import { AppointmentFields, type PetFieldMode } from './AppointmentFields.tsx';
import { AppointmentFormError } from './AppointmentFormError.tsx';
import { addFormResolver, createPayload, emptyAppointmentValues, SERVER_FIELDS } from './appointmentForm.ts';

interface AddAppointmentFormProps {
  /** The user's pets (at least one). */
  pets: ReadonlyArray<{ id: string; name: string }>;
  /** The pet the route names (/pet-details/:name/:id/appointments/add-appointment), if any. */
  routePetId?: string;
  /** The list the user came from: Cancel and a successful save go back there. */
  backTo: string;
}

/**
 * Which pet part the form shows. Brands with pet names in appointments always offer the picker (preselected
 * on a pet's route). The others (hunde-schutz, animal-care) show no pet name: on a pet's route the pet is
 * known, on the all-pets route the picker appears only when there is a choice to make.
 */
export function petFieldFor(
  petNameInAppointments: boolean,
  pets: ReadonlyArray<{ id: string; name: string }>,
  routePetId: string | undefined,
): PetFieldMode {
  if (petNameInAppointments) return { kind: 'select', pets };
  if (routePetId || pets.length <= 1) return { kind: 'hidden' };
  return { kind: 'select', pets };
}

/** The add-appointment form: POST /v1/appointment?pet_id=, then back to the list. */
export function AddAppointmentForm({ pets, routePetId, backTo }: AddAppointmentFormProps) {
  const { t } = useTranslation(['appointments', 'common']);
  const brand = useBrand();
  const navigate = useNavigate();
  const create = useCreateAppointment();
  const [failure, setFailure] = useState<unknown>(null);
  const routePet = routePetId ? pets.find((p) => p.id === routePetId) : undefined;
  const onlyPet = pets.length === 1 ? pets[0] : undefined;
  const form = useAppForm({
    resolver: addFormResolver,
    defaultValues: emptyAppointmentValues(routePet?.id ?? onlyPet?.id ?? ''),
  });

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    create.mutate(
      { petId: values.pet_id, body: createPayload(values) },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('add.saved') });
          navigate(backTo);
        },
        onError: (error) => {
          if (!applyFieldErrors(error, form.setError, SERVER_FIELDS)) setFailure(error);
        },
      },
    );
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={880}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <AppointmentFields
            form={form}
            formId="add"
            pet={petFieldFor(brand.petNameInAppointments, pets, routePet?.id)}
          />
          <AppointmentFormError error={failure} action="create" />
          <CancelSubmitButtons
            backTo={backTo}
            submitLabel={t('add.submit')}
            submitIcon={<IconCalendarPlus size={18} stroke={1.7} />}
            working={create.isPending}
          />
        </Stack>
      </form>
    </Paper>
  );
}
