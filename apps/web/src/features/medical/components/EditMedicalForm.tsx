import { Button, Flex, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type MedicalListItem, type MedicalType, toMedicalListItem } from '@pet/shared';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDestructive } from '../../../components/confirmDestructive.tsx';
import { SaveFailureAlert } from '../../../components/SaveFailureAlert.tsx';
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

  const confirmDelete = () =>
    confirmDestructive({
      title: t('edit.confirmTitle'),
      text: t('edit.confirmText'),
      confirm: t('edit.confirmDelete'),
      cancel: t('common:actions.cancel'),
      onConfirm: () => {
        setFailure(null);
        remove.mutate(undefined, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: t('edit.deleted') });
            onDeleted();
          },
          onError: setFailure,
        });
      },
    });

  const busy = update.isPending || remove.isPending;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <MedicalFields type={type} form={form} />
        <SaveFailureAlert error={failure} />
        {/* Phones: full-width buttons, Save on top. */}
        <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
          <Button
            variant="outline"
            color="red"
            leftSection={<IconTrash size={16} stroke={1.7} />}
            onClick={confirmDelete}
            loading={remove.isPending}
            disabled={busy}
          >
            {t('edit.delete')}
          </Button>
          <Button
            type="submit"
            leftSection={<IconDeviceFloppy size={16} stroke={1.7} />}
            loading={update.isPending}
            disabled={busy || !mayEdit || !form.formState.isDirty}
          >
            {t('edit.save')}
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}
