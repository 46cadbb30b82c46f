import { Paper, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { MedicalBody, MedicalType } from '@pet/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CancelSubmitButtons } from '../../../components/form/CancelSubmitButtons.tsx';
import { SaveFailureAlert } from '../../../components/SaveFailureAlert.tsx';
import { applyFieldErrors } from '../../../lib/errors.ts';
import { useAppForm } from '../../../lib/forms.ts';
import { useCreateMedical } from '../api/useMedicalMutations.ts';
import { MedicalFields } from './MedicalFields.tsx';
import { emptyMedicalValues, medicalResolver, serverFieldsOf } from './medicalForm.ts';

interface AddMedicalFormProps {
  type: MedicalType;
  petId: string;
  /** The category's list: Cancel and a successful save go back there. */
  backTo: string;
}

/** The add form of a category: POST /v1/medical/{type}?pet_id= with medical_type, then back to the list. */
export function AddMedicalForm({ type, petId, backTo }: AddMedicalFormProps) {
  const { t } = useTranslation(['medical', 'common']);
  const navigate = useNavigate();
  const create = useCreateMedical(type, petId);
  const [failure, setFailure] = useState<unknown>(null);
  const form = useAppForm({ resolver: medicalResolver(type), defaultValues: emptyMedicalValues() });

  const submit = form.handleSubmit((body) => {
    setFailure(null);
    // The spec's clients name the category in the body of a new record.
    const withType = { ...body, medical_type: type } as MedicalBody<typeof type>;
    create.mutate(withType, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('add.saved') });
        navigate(backTo);
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, serverFieldsOf(type))) setFailure(error);
      },
    });
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={880}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <MedicalFields type={type} form={form} />
          <SaveFailureAlert error={failure} />
          <CancelSubmitButtons
            backTo={backTo}
            submitLabel={t(`add.${type}`)}
            submitIcon={<IconPlus size={18} stroke={1.7} />}
            working={create.isPending}
          />
        </Stack>
      </form>
    </Paper>
  );
}
