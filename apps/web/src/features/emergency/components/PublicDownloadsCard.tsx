import { Table, Text } from '@mantine/core';
import type { EmergencyDownload } from '@pet/shared';
import { IconHistory } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates.ts';
import { SectionCard } from './SectionCard.tsx';

/** A download's moment in the browser's time zone: the app's date format and the 24-hour time. */
function formatMoment(at: string): string {
  const moment = dayjs(at);
  return moment.isValid() ? `${formatDate(moment.toDate())} ${moment.format('HH:mm')}` : at;
}

/**
 * The log of public downloads (issue 12 point 5), newest first, and what the owner is told: each one is
 * logged and mailed (at most hourly).
 */
export function PublicDownloadsCard({ downloads }: { downloads: EmergencyDownload[] }) {
  const { t } = useTranslation(['emergency', 'common']);
  return (
    <SectionCard
      icon={<IconHistory size={20} stroke={1.6} />}
      title={t('downloads.title')}
      description={t('downloads.text')}
    >
      {downloads.length === 0 ? (
        <Text size="sm" c="dimmed" fs="italic" data-testid="downloads-empty">
          {t('downloads.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('downloads.at')}</Table.Th>
                <Table.Th>{t('downloads.language')}</Table.Th>
                <Table.Th>{t('downloads.client')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {downloads.map((download) => (
                <Table.Tr key={`${download.at}-${download.language}-${download.client ?? ''}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoment(download.at)}</Table.Td>
                  <Table.Td>{t(`common:language.${download.language}`)}</Table.Td>
                  <Table.Td>{download.client ?? t('downloads.unknownClient')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}
