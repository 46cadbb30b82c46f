import { Button, Stack } from '@mantine/core';
import type { MedicalType, Pet } from '@pet/shared';
import { medicalPath } from '@pet/shared/paths';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/Loaders.tsx';
import { PetBanner } from '../../../components/PetBanner.tsx';
import { PetRoute } from '../../../components/PetRoute.tsx';
import { PlanLimitNotice } from '../../../components/PlanLimitNotice.tsx';
import { ReadOnlyNotice } from '../../../components/ReadOnlyNotice.tsx';
import { canWrite } from '../../../lib/pets/petRole.ts';
import { AddMedicalForm } from '../components/AddMedicalForm.tsx';
import { useMedicalPermission } from '../components/useMedicalPermission.ts';

/**
 * .../medical-data/allergies/add-allergy, ...: the category's add form, offered only with the medical flag;
 * a pet that is not the user's is not found.
 */
export function AddMedicalPage({ type }: { type: MedicalType }) {
  return (
    <PetRoute pathOf={(pet) => medicalPath(pet, type, 'add')}>
      {(pet) => <AddMedical type={type} pet={pet} />}
    </PetRoute>
  );
}

function AddMedical({ type, pet }: { type: MedicalType; pet: Pet }) {
  const { t } = useTranslation('medical');
  const permission = useMedicalPermission();
  const backTo = medicalPath(pet, type);

  let content = <AddMedicalForm type={type} petId={pet.id} backTo={backTo} />;
  if (!canWrite(pet.role)) content = <ReadOnlyNotice backTo={backTo} />;
  else if (permission.isPending) content = <PageLoader />;
  else if (!permission.decision.allowed) {
    content = (
      <Stack gap="md" align="flex-start">
        <PlanLimitNotice decision={permission.decision} />
        <Button component={Link} to={backTo} variant="default" leftSection={<IconArrowLeft size={16} />}>
          {t('add.back')}
        </Button>
      </Stack>
    );
  }

  return (
    <>
      <PetBanner petId={pet.id} section={t(`add.${type}`)} />
      {content}
    </>
  );
}
