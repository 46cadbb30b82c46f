import { Button, Flex, Stack } from '@mantine/core';
import type { EmergencyInfo, EmergencyLanguage } from '@pet/shared';
import type { Decision } from '@pet/shared/entitlements';
import { IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { PlanLimitNotice } from '../../../components/PlanLimitNotice.tsx';
import { useBrand } from '../../../config/brand.tsx';
import { ApiError } from '../../../lib/api/ApiError.ts';
import { errorTextKey } from '../../../lib/errors.ts';
import { currentLanguage } from '../../../lib/i18n/index.ts';
import { downloadEmergencyFile } from '../api/emergencyApi.ts';
import { LanguageChoice } from './LanguageChoice.tsx';
import { SectionCard } from './SectionCard.tsx';

/** The refusal to show: the info's `message` (Paid_Service_Text or Download_Not_Allowed_Text), else paid. */
function refusal(message: string | null, upgrade: boolean): Decision {
  const messageKey = message === 'Download_Not_Allowed_Text' ? message : 'Paid_Service_Text';
  return { allowed: false, messageKey, upgrade };
}

/**
 * The owner's own download (spec 1 section 2): the file's language (the UI's at first) and Download, busy
 * while the PDF comes. A plan without the file shows the paid-service prompt instead, and so does a 403 on
 * download (the plan changed since the page was read): Download is then disabled. Any other failure shows
 * the paid-service prompt too (spec 1 section 4: "on failure or unauthorised plan the paid-service prompt
 * is shown"), with what went wrong beneath it; Download stays enabled to try again.
 */
export function EmergencyDownloadCard({ info }: { info: EmergencyInfo }) {
  const { t, i18n } = useTranslation(['emergency', 'errors']);
  const brand = useBrand();
  // The UI language when the page opens; the owner may want the file in the other one.
  const [language, setLanguage] = useState<EmergencyLanguage>(() => currentLanguage(i18n));
  const download = useMutation({ mutationFn: () => downloadEmergencyFile(language) });

  const refusedNow =
    download.error instanceof ApiError && download.error.status === 403 ? download.error : null;
  const failedOtherwise = download.isError && !refusedNow;
  const blocked = !info.may_download
    ? refusal(info.message, brand.upgradeLinkInFreeMessage)
    : refusedNow
      ? refusal(refusedNow.message, brand.upgradeLinkInFreeMessage)
      : null;
  const prompt = blocked ?? (failedOtherwise ? refusal(null, brand.upgradeLinkInFreeMessage) : null);

  return (
    <SectionCard icon={<IconFileTypePdf size={20} stroke={1.6} />} title={t('download.title')}>
      <Flex
        gap="sm"
        direction={{ base: 'column', xs: 'row' }}
        align={{ base: 'stretch', xs: 'flex-end' }}
        mb={prompt ? 'md' : 0}
      >
        <LanguageChoice
          label={t('download.language')}
          value={language}
          onChange={(next) => {
            setLanguage(next);
            download.reset();
          }}
          disabled={download.isPending}
        />
        <Button
          leftSection={<IconDownload size={16} stroke={1.8} />}
          onClick={() => download.mutate()}
          loading={download.isPending}
          disabled={blocked !== null}
        >
          {t('download.button')}
        </Button>
      </Flex>
      {prompt ? (
        <Stack gap="sm">
          <PlanLimitNotice decision={prompt} />
          {failedOtherwise ? (
            <FormAlert>
              {t('download.failed')} {t(`errors:${errorTextKey(download.error)}`)}
            </FormAlert>
          ) : null}
        </Stack>
      ) : null}
    </SectionCard>
  );
}
