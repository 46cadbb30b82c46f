import { Anchor, Group, Stack } from '@mantine/core';
import type { Pet } from '@pet/shared';
import { documentPath } from '@pet/shared/paths';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AddPlusButton } from '../../../components/AddPlusButton.tsx';
import { PetBanner } from '../../../components/PetBanner.tsx';
import { PetRoute } from '../../../components/PetRoute.tsx';
import { PlanLimitNotice } from '../../../components/PlanLimitNotice.tsx';
import { useBrand } from '../../../config/brand.tsx';
import { petDocumentsQuery } from '../api/documentsApi.ts';
import { DocumentEmptyState } from '../components/DocumentEmptyState.tsx';
import { documentAccess } from '../components/DocumentEntry.tsx';
import { DocumentList } from '../components/DocumentList.tsx';
import { DocumentsState } from '../components/DocumentsState.tsx';
import { DocumentUsage } from '../components/DocumentUsage.tsx';
import { type DocumentListInfo, documentsOf, hubTextKey, typeTextKey } from '../components/documentPages.ts';
import { useDocumentPermission } from '../components/useDocumentPermission.ts';

/**
 * A list of a hub (.../document-safe/insurances, ...): the pet's banner with the plus, the limit state, then
 * the documents; a pet that is not the user's is not found.
 */
export function DocumentListPage({ info }: { info: DocumentListInfo }) {
  return (
    <PetRoute pathOf={(pet) => documentPath(pet, info.hub, info.list)}>
      {(pet) => <ListPage info={info} pet={pet} />}
    </PetRoute>
  );
}

function ListPage({ info, pet }: { info: DocumentListInfo; pet: Pet }) {
  const { t } = useTranslation('documents');
  const brand = useBrand();
  const navigate = useNavigate();
  const documents = useQuery(petDocumentsQuery(pet.id));
  const permission = useDocumentPermission(documents.data);
  const listPath = documentPath(pet, info.hub, info.list);
  const addTo = documentPath(pet, info.hub, info.list, 'add');
  const key = typeTextKey(info.type, brand);
  const addLabel = t(`add.${key}`);
  const items = documents.data ? documentsOf(documents.data.data, info.type) : undefined;
  const mayAdd = permission?.decision.allowed ?? false;
  // The empty state carries its own plus: one add button per screen.
  const isEmpty = items?.length === 0;
  // A sitter reads (only the documents shown to sitters): no plus, no edit, no delete (issue 45).
  const access = documentAccess(pet.role);

  return (
    <>
      <Anchor component={Link} to={documentPath(pet, info.hub)} size="sm" mb="xs" display="inline-block">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} />
          {t(`${hubTextKey(info.hub)}.title`)}
        </Group>
      </Anchor>
      <PetBanner
        petId={pet.id}
        section={t(`types.${key}`)}
        actions={
          isEmpty || !documents.data || !access.write ? null : (
            <AddPlusButton label={addLabel} to={addTo} disabled={!mayAdd} />
          )
        }
      />
      <Stack gap="lg">
        {permission && access.write ? (
          <Stack gap="xs">
            <PlanLimitNotice decision={permission.decision} />
            <DocumentUsage permission={permission} />
          </Stack>
        ) : null}
        <DocumentsState documents={documents}>
          {(list) => {
            const rows = documentsOf(list.data, info.type);
            if (rows.length === 0) {
              return (
                <DocumentEmptyState
                  addLabel={addLabel}
                  addTo={addTo}
                  mayAdd={mayAdd}
                  deciding={!permission}
                  readOnly={!access.write}
                />
              );
            }
            return (
              <DocumentList
                items={rows}
                access={access}
                onDeleted={() => navigate(listPath, { replace: true })}
              />
            );
          }}
        </DocumentsState>
      </Stack>
    </>
  );
}
