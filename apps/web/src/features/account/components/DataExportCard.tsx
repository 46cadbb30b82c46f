import { Alert, Button, Group, Text } from '@mantine/core';
import { EXPORT_LINK_HOURS } from '@pet/shared';
import { IconCircleCheck, IconDownload, IconFileZip, IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { errorTextKey } from '../../../lib/errors.ts';
import { downloadAccountExport } from '../api/accountExportApi.ts';

/**
 * "Download my data" in the profile (issue 15, GDPR article 20): the account as one ZIP. The button is busy
 * while the file comes, with the megabytes received so far; a large account is prepared by the server, and
 * the card then says that an e-mail with the link will come.
 */
export function DataExportCard() {
  const { t, i18n } = useTranslation(['account', 'errors']);
  const [received, setReceived] = useState(0);
  const download = useMutation({
    mutationFn: () => {
      setReceived(0);
      return downloadAccountExport(setReceived);
    },
  });
  const megabytes = new Intl.NumberFormat(i18n.language, {
    style: 'unit',
    unit: 'megabyte',
    maximumFractionDigits: 1,
  }).format(received / 1_000_000);

  return (
    <SectionCard
      id="data-export-title"
      icon={IconFileZip}
      title={t('dataExport.title')}
      description={t('dataExport.description')}
    >
      <Group gap="sm">
        <Button
          leftSection={<IconDownload size={16} stroke={1.8} />}
          onClick={() => download.mutate()}
          loading={download.isPending}
        >
          {t('dataExport.button')}
        </Button>
        {download.isPending ? (
          <Text size="sm" c="dimmed" role="status">
            {received > 0 ? t('dataExport.progress', { size: megabytes }) : t('dataExport.starting')}
          </Text>
        ) : null}
      </Group>
      {download.data?.status === 'preparing' ? (
        <Alert
          mt="md"
          color="teal"
          icon={<IconMailForward size={18} />}
          title={t('dataExport.preparingTitle')}
        >
          {t('dataExport.preparing', { hours: EXPORT_LINK_HOURS })}
        </Alert>
      ) : null}
      {download.data?.status === 'downloaded' ? (
        <Group gap="xs" mt="md" wrap="nowrap" align="flex-start" role="status">
          <IconCircleCheck size={18} stroke={1.8} color="var(--mantine-color-teal-7)" aria-hidden />
          <Text size="sm">{t('dataExport.downloaded')}</Text>
        </Group>
      ) : null}
      {download.isError ? (
        <FormAlert>
          {t('dataExport.failed')} {t(`errors:${errorTextKey(download.error)}`)}
        </FormAlert>
      ) : null}
    </SectionCard>
  );
}
