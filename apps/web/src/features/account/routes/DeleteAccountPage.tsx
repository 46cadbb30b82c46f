import { Button, Card, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import { IconCircleCheck, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDestructive } from '../../../components/confirmDestructive.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SaveFailureAlert } from '../../../components/SaveFailureAlert.tsx';
import { useBrand, useBrandTextContext } from '../../../config/brand.tsx';
import { useMyInfo } from '../../../lib/session/myInfo.ts';
import { signOut } from '../../../lib/session/signOut.ts';
import { useDeleteAccount } from '../api/useDeleteAccount.ts';

// Spec 2 section 4, "Account deletion": what happens, a confirm dialog, then the deleted-confirmation screen
// whose OK signs out. The sign-out is what erases the account at once (the server's job does it within 24
// hours otherwise); the spec's "free users e-mail support" is replaced by this page for every plan (issue 15).

/** /my-account/delete-account */
export function DeleteAccountPage() {
  const me = useMyInfo().data;
  if (!me) return null;
  return <DeleteAccount userId={me.id} />;
}

function DeleteAccount({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const brand = useBrand();
  const textContext = useBrandTextContext();
  const queryClient = useQueryClient();
  const deletion = useDeleteAccount(userId);
  const [signingOut, setSigningOut] = useState(false);

  if (deletion.isSuccess) {
    return (
      <Card withBorder padding="xl" maw={640} mx="auto" mt="lg">
        <Stack gap="md" align="center" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="teal">
            <IconCircleCheck size={32} />
          </ThemeIcon>
          <Title order={2}>{t('deleteAccount.done.title')}</Title>
          <Text>{t('deleteAccount.done.text')}</Text>
          <Text size="sm" c="dimmed">
            {t('deleteAccount.done.mail')}
          </Text>
          <Button
            loading={signingOut}
            onClick={() => {
              setSigningOut(true);
              void signOut(queryClient, { redirectTo: paths.signin });
            }}
          >
            {t('deleteAccount.done.ok')}
          </Button>
        </Stack>
      </Card>
    );
  }

  const ask = () =>
    confirmDestructive({
      title: t('deleteAccount.confirm.title'),
      text: t('deleteAccount.confirm.text'),
      confirm: t('deleteAccount.confirm.confirm'),
      cancel: t('deleteAccount.confirm.cancel'),
      onConfirm: () => deletion.mutate(),
    });

  return (
    <>
      <PageHeader title={t('deleteAccount.title')} />
      <Paper withBorder p="xl" maw={760}>
        <Stack gap="md" align="flex-start">
          <Text>{t('deleteAccount.intro', { brand: brand.displayName })}</Text>
          <List spacing="xs">
            <List.Item>{t('deleteAccount.erased', textContext)}</List.Item>
            <List.Item>{t('deleteAccount.plan')}</List.Item>
            <List.Item>{t('deleteAccount.invoices')}</List.Item>
            <List.Item>{t('deleteAccount.when')}</List.Item>
          </List>
          <Text fw={600}>{t('deleteAccount.final')}</Text>
          <SaveFailureAlert error={deletion.error} />
          <Button
            color="red"
            leftSection={<IconTrash size={18} />}
            loading={deletion.isPending}
            onClick={ask}
          >
            {t('deleteAccount.button')}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
