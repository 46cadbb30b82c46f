import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AppointmentListItem } from '@pet/shared';
import { IconCalendarDown } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorTextKey } from '../../../lib/errors.ts';
import { downloadAppointmentIcs } from '../api/downloadIcs.ts';

/** "Download .ics": the appointment as a calendar file, busy while it is fetched. */
export function IcsDownloadButton({ item }: { item: AppointmentListItem }) {
  const { t } = useTranslation(['appointments', 'errors']);
  const download = useMutation({
    mutationFn: () => downloadAppointmentIcs(item),
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: t('edit.icsFailed'),
        message: t(`errors:${errorTextKey(error)}`),
      }),
  });
  return (
    <Button
      variant="light"
      leftSection={<IconCalendarDown size={16} stroke={1.7} />}
      onClick={() => download.mutate()}
      loading={download.isPending}
    >
      {t('edit.downloadIcs')}
    </Button>
  );
}
