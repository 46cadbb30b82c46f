import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Gift subscriptions cannot move down (spec 2 section 4): the "can't downgrade" popup. */
export function DowngradeNotPossibleModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['billing', 'errors']);
  return (
    <Modal opened={opened} onClose={onClose} title={t('downgrade.notPossibleTitle')} centered>
      <Text>{t('errors:Downgrade_Not_Possible_Text')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose}>{t('downgrade.close')}</Button>
      </Group>
    </Modal>
  );
}
