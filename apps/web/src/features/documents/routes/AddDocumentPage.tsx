import { Button, Stack } from '@mantine/core';
import type { Pet } from '@pet/shared';
import { documentPath } from '@pet/shared/paths';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/Loaders.tsx';
import { PetBanner } from '../../../components/PetBanner.tsx';
import { PetRoute } from '../../../components/PetRoute.tsx';
import { PlanLimitNotice } from '../../../components/PlanLimitNotice.tsx';
import { ReadOnlyNotice } from '../../../components/ReadOnlyNotice.tsx';
import { useBrand } from '../../../config/brand.tsx';
import { petDocumentsQuery } from '../api/documentsApi.ts';
import { AddDocumentForm } from '../components/AddDocumentForm.tsx';
import { documentAccess } from '../components/DocumentEntry.tsx';
import { DocumentsState } from '../components/DocumentsState.tsx';
import { type DocumentListInfo, typeTextKey } from '../components/documentPages.ts';
import { useDocumentPermission } from '../components/useDocumentPermission.ts';

/**
 * .../document-safe/insurances/add-insurance, ...: the add form, offered only below the plan's limit; a pet
 * that is not the user's is not found.
 */
export function AddDocumentPage({ info }: { info: DocumentListInfo }) {
  return (
    <PetRoute pathOf={(pet) => documentPath(pet, info.hub, info.list, 'add')}>
      {(pet) => <AddPage info={info} pet={pet} />}
    </PetRoute>
  );
}

function AddPage({ info, pet }: { info: DocumentListInfo; pet: Pet }) {
  const { t } = useTranslation('documents');
  const brand = useBrand();
  const documents = useQuery(petDocumentsQuery(pet.id));
  const permission = useDocumentPermission(documents.data);
  const backTo = documentPath(pet, info.hub, info.list);
  const addLabel = t(`add.${typeTextKey(info.type, brand)}`);
  const access = documentAccess(pet.role);

  return (
    <>
      <PetBanner petId={pet.id} section={addLabel} />
      {!access.write ? (
        // A sitter (by the address): the notice instead of the form (issue 45).
        <ReadOnlyNotice backTo={backTo} />
      ) : (
        <DocumentsState documents={documents}>
          {() => {
            if (!permission) return <PageLoader />;
            if (!permission.decision.allowed) {
              return (
                <Stack gap="md" align="flex-start">
                  <PlanLimitNotice decision={permission.decision} />
                  <Button
                    component={Link}
                    to={backTo}
                    variant="default"
                    leftSection={<IconArrowLeft size={16} />}
                  >
                    {t('add.back')}
                  </Button>
                </Stack>
              );
            }
            return (
              <AddDocumentForm
                type={info.type}
                petId={pet.id}
                backTo={backTo}
                saveLabel={addLabel}
                chooseVisibility={access.chooseVisibility}
              />
            );
          }}
        </DocumentsState>
      )}
    </>
  );
}
