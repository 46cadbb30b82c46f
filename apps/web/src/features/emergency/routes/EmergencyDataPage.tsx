import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageLoader } from '../../../components/Loaders.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useBrandTextContext } from '../../../config/brand.tsx';
import { useMyInfo } from '../../../lib/session/myInfo.ts';
import { emergencyInfoQuery } from '../api/emergencyApi.ts';
import { EmergencyDownloadCard } from '../components/EmergencyDownloadCard.tsx';
import { EmergencyPasswordCard } from '../components/EmergencyPasswordCard.tsx';
import { FinderSteps } from '../components/FinderSteps.tsx';
import { PetTagsCard } from '../components/PetTagsCard.tsx';
import { PublicDownloadsCard } from '../components/PublicDownloadsCard.tsx';
import { SharedPetFilesCard } from '../components/SharedPetFilesCard.tsx';

/**
 * /emergency-data (signed in): the owner's emergency file download, their emergency password, a QR tag per
 * pet, the files of the pets shared with them, the log of public downloads and how a finder uses /notfall.
 */
export function EmergencyDataPage() {
  const { t } = useTranslation('emergency');
  const textContext = useBrandTextContext();
  const info = useQuery(emergencyInfoQuery);
  const me = useMyInfo();
  return (
    <>
      <PageHeader title={t('emergencyData.title')} subtitle={t('emergencyData.subtitle', textContext)} />
      {info.isPending ? <PageLoader /> : null}
      {info.isError ? (
        <LoadError
          title={t('emergencyData.loadFailed')}
          error={info.error}
          onRetry={() => void info.refetch()}
        />
      ) : null}
      {info.data ? (
        <Stack gap="lg" maw={760}>
          <EmergencyDownloadCard info={info.data} />
          <SharedPetFilesCard pets={me.data?.pets ?? []} />
          <EmergencyPasswordCard info={info.data} />
          <PetTagsCard
            hasPassword={info.data.password !== null}
            mayCreatePassword={info.data.may_create_password}
          />
          <PublicDownloadsCard downloads={info.data.downloads} />
          <FinderSteps />
        </Stack>
      ) : null}
    </>
  );
}
