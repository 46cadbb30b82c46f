import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type MedicalListItem, type MedicalType, toMedicalListItem } from '@pet/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveDeleteButtons } from '../../../components/form/SaveDeleteButtons.tsx';
import { SaveFailureAlert } from '../../../components/SaveFailureAlert.tsx';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete.ts';
import { applyFieldErrors } from '../../../lib/errors.ts';
import { useAppForm } from '../../../lib/forms.ts';
import { useDeleteMedical, useUpdateMedical } from '../api/useMedicalMutations.ts';
import { MedicalFields } from './MedicalFields.tsx';
import { formValuesOf, medicalResolver, serverFieldsOf } from './medicalForm.ts';
import { useMedicalPermission } from './useMedicalPermission.ts';

interface EditMedicalFormProps {
  type: MedicalType;
  item: MedicalListItem;
  /** Saved: the row collapses (spec 2 section 4). Deleted: back to the category list. */
  onSaved: () => void;
  onDeleted: () => void;
}

/**
 * The inline edit form of a list row: every field of the category, Save (PUT, only with the plan's medical
 * flag; the page shows the limit message otherwise) and Delete after a confirmation (always: reading and deleting stay possible after a downgrade).
 */
export function EditMedicalForm({ type, item, onSaved, onDeleted }: EditMedicalFormProps) {
  const { t } = useTranslation(['medical', 'common']);
  const permission = useMedicalPermission();
  const update = useUpdateMedical(type, item.medical_id);
  const remove = useDeleteMedical(item.medical_id);
  const [failure, setFailure] = useState<unknown>(null);
  const form = useAppForm({ resolver: medicalResolver(type), defaultValues: formValuesOf(item) });
  const mayEdit = !permission.isPending && permission.decision.allowed;

  const submit = form.handleSubmit((body) => {
    setFailure(null);
    update.mutate(body, {
      onSuccess: (answer) => {
        if (answer) form.reset(formValuesOf(toMedicalListItem(answer)));
        notifications.show({ color: 'teal', message: t('edit.saved') });
        onSaved();
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, serverFieldsOf(type))) setFailure(error);
      },
    });
  });

  const confirmDelete = useConfirmedDelete({
    textsFrom: 'medical',
    remove,
    showFailure: setFailure,
    onDeleted,
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <MedicalFields type={type} form={form} />
        <SaveFailureAlert error={failure} />
        <SaveDeleteButtons
          textsFrom="medical"
          onDelete={confirmDelete}
          saving={update.isPending}
          deleting={remove.isPending}
          canSave={mayEdit && form.formState.isDirty}
        />
      </Stack>
    </form>
  );
}
