import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { errorTextKey } from '../../../lib/errors.ts';
import { useResendVerification } from '../api/useAuthMutations.ts';

/** Spec 1 section 8: sign-in with an unconfirmed e-mail shows this dialog, with a way to get a new link. */
export function UnverifiedEmailModal({ email, onClose }: { email: string | null; onClose: () => void }) {
  const { t } = useTranslation(['auth', 'errors', 'common']);
  const resend = useResendVerification();

  const close = () => {
    resend.reset();
    onClose();
  };

  return (
    <Modal
      opened={email !== null}
      onClose={close}
      title={t('errors:Email_Verification_Failed_Title')}
      centered
      radius="lg"
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack gap="md">
        <Text>{t('errors:Email_Verification_Failed_Text')}</Text>
        {resend.isSuccess ? (
          <Text c="teal.8" role="status">
            {t('auth:signin.verificationSent')}
          </Text>
        ) : null}
        {resend.isError ? <FormAlert>{t(`errors:${errorTextKey(resend.error)}`)}</FormAlert> : null}
        <Group justify="flex-end" gap="sm">
          {resend.isSuccess ? null : (
            <Button
              variant="default"
              loading={resend.isPending}
              disabled={!email}
              onClick={() => email && resend.mutate(email)}
            >
              {t('auth:signin.resendVerification')}
            </Button>
          )}
          <Button onClick={close}>{t('common:actions.ok')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
