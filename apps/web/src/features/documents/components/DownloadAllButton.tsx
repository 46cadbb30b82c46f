import { Button } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { petDocumentsZipUrl } from '../api/documentsApi.ts';

/**
 * "Download all": the pet's documents as one ZIP (GET /v1/document/zip?pet_id=). A plain link with
 * `download`: the browser streams the file to disk and shows its own progress. A busy state would need the
 * page to read the answer itself (fetch into a Blob), which holds the whole ZIP in memory, the thing the
 * streamed ZIP is there to avoid. Offered once the pet has a document.
 */
export function DownloadAllButton({ petId, disabled }: { petId: string; disabled: boolean }) {
  const { t } = useTranslation('documents');
  const icon = <IconFileZip size={18} stroke={1.7} />;
  if (disabled) {
    return (
      <Button variant="default" leftSection={icon} disabled>
        {t('hub.downloadAll')}
      </Button>
    );
  }
  return (
    <Button component="a" href={petDocumentsZipUrl(petId)} download variant="default" leftSection={icon}>
      {t('hub.downloadAll')}
    </Button>
  );
}
