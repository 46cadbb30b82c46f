import { Flex, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type AppointmentListItem, toAppointmentListItem } from '@pet/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveDeleteButtons } from '../../../components/form/SaveDeleteButtons.tsx';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete.ts';
import { useBrand } from '../../../config/brand.tsx';
import { applyFieldErrors } from '../../../lib/errors.ts';
import { useAppForm } from '../../../lib/forms.ts';
import { useDeleteAppointment, useUpdateAppointment } from '../api/useAppointmentMutations.ts';
import { AppointmentFields } from './AppointmentFields.tsx';
import { AppointmentFormError } from './AppointmentFormError.tsx';
import { editFormResolver, formValuesOf, SERVER_FIELDS, updatePayload } from './appointmentForm.ts';
import { IcsDownloadButton } from './IcsDownloadButton.tsx';

/**
 * The inline edit form of a list row (spec 1 section 2): every field, Save (PUT), Delete (DELETE after a
 * confirmation) and the .ics download. The pet cannot change (the PUT has no pet), so its name is shown
 * for information where the brand shows pet names.
 */
export function EditAppointmentForm({ item }: { item: AppointmentListItem }) {
  const { t } = useTranslation(['appointments', 'common']);
  const brand = useBrand();
  const update = useUpdateAppointment(item.appointment_id);
  const remove = useDeleteAppointment(item.appointment_id);
  const [failure, setFailure] = useState<{ error: unknown; action: 'update' | 'delete' } | null>(null);
  const form = useAppForm({
    resolver: editFormResolver,
    defaultValues: formValuesOf(item),
  });

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    update.mutate(updatePayload(values), {
      onSuccess: (answer) => {
        if (answer) form.reset(formValuesOf(toAppointmentListItem(answer)));
        notifications.show({ color: 'teal', message: t('edit.saved') });
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, SERVER_FIELDS)) setFailure({ error, action: 'update' });
      },
    });
  });

  const confirmDelete = useConfirmedDelete({
    textsFrom: 'appointments',
    remove,
    showFailure: (error) => setFailure(error === null ? null : { error, action: 'delete' }),
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <AppointmentFields
          form={form}
          formId={item.appointment_id}
          pet={
            brand.petNameInAppointments
              ? { kind: 'readonly', name: item.appointment_pet_name }
              : { kind: 'hidden' }
          }
        />
        <AppointmentFormError error={failure?.error} action={failure?.action ?? 'update'} />
        {/* Phones: full-width buttons, Save on top, the download below. */}
        <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="space-between" gap="sm">
          <IcsDownloadButton item={item} />
          <SaveDeleteButtons
            textsFrom="appointments"
            onDelete={confirmDelete}
            saving={update.isPending}
            deleting={remove.isPending}
            canSave={form.formState.isDirty}
          />
        </Flex>
      </Stack>
    </form>
  );
}
