import { Group, Text } from '@mantine/core';
import type { Pet } from '@pet/shared';
import type { DocumentHub as Hub } from '@pet/shared/paths';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PetBanner } from '../../../components/PetBanner.tsx';
import { PetRoute } from '../../../components/PetRoute.tsx';
import { useBrandTextContext } from '../../../config/brand.tsx';
import { petDocumentsQuery } from '../api/documentsApi.ts';
import { DocumentHub } from '../components/DocumentHub.tsx';
import { DocumentsState } from '../components/DocumentsState.tsx';
import { DocumentUsage } from '../components/DocumentUsage.tsx';
import { DownloadAllButton } from '../components/DownloadAllButton.tsx';
import { hubTextKey } from '../components/documentPages.ts';
import { useDocumentPermission } from '../components/useDocumentPermission.ts';

/**
 * /pet-details/:name/:id/document-safe and .../vet-findings: the count of each list under the pet's banner,
 * the plan's document count, and "Download all"; a pet that is not the user's is not found.
 */
export function DocumentHubPage({ hub }: { hub: Hub }) {
  return <PetRoute section={hub}>{(pet) => <HubPage hub={hub} pet={pet} />}</PetRoute>;
}

function HubPage({ hub, pet }: { hub: Hub; pet: Pet }) {
  const { t } = useTranslation('documents');
  const textContext = useBrandTextContext();
  const documents = useQuery(petDocumentsQuery(pet.id));
  const permission = useDocumentPermission(documents.data);
  const key = hubTextKey(hub);
  return (
    <>
      <PetBanner
        petId={pet.id}
        section={t(`${key}.title`)}
        actions={<DownloadAllButton petId={pet.id} disabled={!documents.data?.data.length} />}
      />
      <Group justify="space-between" align="flex-start" mb="md" gap="xs">
        <Text c="dimmed">{t(`${key}.subtitle`, textContext)}</Text>
        <DocumentUsage permission={permission} />
      </Group>
      <DocumentsState documents={documents}>
        {(list) => <DocumentHub hub={hub} pet={pet} items={list.data} />}
      </DocumentsState>
    </>
  );
}
