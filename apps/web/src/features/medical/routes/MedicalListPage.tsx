import { Anchor, Group, Stack } from '@mantine/core';
import type { MedicalType, Pet } from '@pet/shared';
import { medicalPath, petPath } from '@pet/shared/paths';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PetBanner } from '../../../components/PetBanner.tsx';
import { PetRoute } from '../../../components/PetRoute.tsx';
import { canWrite } from '../../../lib/pets/petRole.ts';
import { petMedicalsQuery } from '../api/medicalApi.ts';
import { AddMedicalButton } from '../components/AddMedicalButton.tsx';
import { MedicalEmptyState } from '../components/MedicalEmptyState.tsx';
import { MedicalLimitNotice } from '../components/MedicalLimitNotice.tsx';
import { MedicalList } from '../components/MedicalList.tsx';
import { recordsOf } from '../components/medicalRows.ts';
import { RecordsState } from '../components/RecordsState.tsx';

/**
 * A category's list (.../medical-data/allergies, ...): the pet's banner with the plus, then the records; a
 * pet that is not the user's is not found.
 */
export function MedicalListPage({ type }: { type: MedicalType }) {
  return (
    <PetRoute pathOf={(pet) => medicalPath(pet, type)}>{(pet) => <List type={type} pet={pet} />}</PetRoute>
  );
}

function List({ type, pet }: { type: MedicalType; pet: Pet }) {
  const { t } = useTranslation('medical');
  const navigate = useNavigate();
  const records = useQuery(petMedicalsQuery(pet.id));
  const listPath = medicalPath(pet, type);
  const addTo = medicalPath(pet, type, 'add');
  const items = records.data ? recordsOf(records.data, type) : undefined;
  // The empty state carries its own plus: one add button per screen.
  const isEmpty = items?.length === 0;
  // A sitter reads the records: no plus, no edit (issue 45).
  const writable = canWrite(pet.role);

  return (
    <>
      <Anchor component={Link} to={petPath(pet, 'medical-data')} size="sm" mb="xs" display="inline-block">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} />
          {t('list.backToOverview')}
        </Group>
      </Anchor>
      <PetBanner
        petId={pet.id}
        section={t(`categories.${type}`)}
        actions={isEmpty || !writable ? null : <AddMedicalButton type={type} to={addTo} />}
      />
      <Stack gap="lg">
        {writable ? <MedicalLimitNotice /> : null}
        <RecordsState records={records}>
          {(all) => {
            const rows = recordsOf(all, type);
            if (rows.length === 0)
              return <MedicalEmptyState type={type} addTo={addTo} readOnly={!writable} />;
            return (
              <MedicalList
                type={type}
                items={rows}
                onDeleted={() => navigate(listPath, { replace: true })}
                readOnly={!writable}
              />
            );
          }}
        </RecordsState>
      </Stack>
    </>
  );
}
