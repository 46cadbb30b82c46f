import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The sandbox's simulated 3-D Secure page: the bank's question, answered by the user. */
export function ChallengeModal({
  opened,
  busy,
  onAnswer,
}: {
  opened: boolean;
  busy: boolean;
  onAnswer: (result: 'authenticate' | 'fail') => void;
}) {
  const { t } = useTranslation('billing');
  return (
    <Modal
      opened={opened}
      onClose={() => onAnswer('fail')}
      title={t('challenge.title')}
      centered
      closeOnClickOutside={false}
    >
      <Stack gap="md">
        <Text size="sm">{t('challenge.text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" color="red" disabled={busy} onClick={() => onAnswer('fail')}>
            {t('challenge.fail')}
          </Button>
          <Button loading={busy} onClick={() => onAnswer('authenticate')}>
            {t('challenge.authenticate')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
