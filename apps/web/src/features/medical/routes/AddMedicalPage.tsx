import { Button, Stack } from '@mantine/core';
import type { MedicalType } from '@pet/shared';
import { medicalPath } from '@pet/shared/paths';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/Loaders.tsx';
import { PetBanner } from '../../../components/PetBanner.tsx';
import { PlanLimitNotice } from '../../../components/PlanLimitNotice.tsx';
import { AddMedicalForm } from '../components/AddMedicalForm.tsx';
import { useMedicalPermission } from '../components/useMedicalPermission.ts';
import { useRoutePet } from './medicalRoute.ts';

/** .../medical-data/allergies/add-allergy, ...: the category's add form, offered only with the medical flag. */
export function AddMedicalPage({ type }: { type: MedicalType }) {
  const { t } = useTranslation('medical');
  const pet = useRoutePet();
  const permission = useMedicalPermission();
  const backTo = medicalPath(pet, type);

  let content = <AddMedicalForm type={type} petId={pet.id} backTo={backTo} />;
  if (permission.isPending) content = <PageLoader />;
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
      <PetBanner petId={pet.id} fallbackName={pet.displayName} section={t(`add.${type}`)} />
      {content}
    </>
  );
}
