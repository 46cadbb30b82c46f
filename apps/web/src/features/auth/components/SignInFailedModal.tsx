import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ErrorTextKey } from '@pet/shared/errors';
import { useTranslation } from 'react-i18next';

/**
 * Spec 1 section 4: a failed sign-in (wrong credentials, a revoked account, anything but an unconfirmed
 * address, which has UnverifiedEmailModal) shows a dialog with the reason and OK.
 */
export function SignInFailedModal({
  failure,
  onClose,
}: {
  failure: ErrorTextKey | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['auth', 'errors', 'common']);
  return (
    <Modal
      opened={failure !== null}
      onClose={onClose}
      title={t('auth:signin.failedTitle')}
      centered
      radius="lg"
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack gap="md">
        <Text role="alert">{failure ? t(`errors:${failure}`) : null}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('common:actions.ok')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
