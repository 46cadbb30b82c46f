import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ChangePasswordForm } from '../components/ChangePasswordForm.tsx';

/** /my-account/change-password: the old password, the new one twice (spec 2 sections 2 and 5). */
export function ChangePasswordPage() {
  const { t } = useTranslation('account');
  return (
    <>
      <PageHeader title={t('changePassword.title')} />
      <Paper withBorder p="xl" maw={560}>
        <Stack gap="lg">
          <Text c="dimmed">{t('changePassword.intro')}</Text>
          <ChangePasswordForm />
        </Stack>
      </Paper>
    </>
  );
}
