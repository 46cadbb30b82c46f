import { Avatar, Box, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import {
  IconCreditCard,
  IconFileInvoice,
  IconKey,
  IconLock,
  IconPackage,
  IconSettings,
  IconTrash,
  IconUserSquareRounded,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CurrentPlanCard } from '../../../components/CurrentPlanCard.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useBrand } from '../../../config/brand.tsx';
import { useMyInfo } from '../../../lib/session/myInfo.ts';
import { AccountLinkCard } from '../components/AccountLinkCard.tsx';

/** /my-account: who is signed in, their plan, and every account page. */
export function MyAccountPage() {
  const { t } = useTranslation(['account', 'common']);
  const brand = useBrand();
  const me = useMyInfo().data;

  type LinkKey =
    | 'profile'
    | 'settings'
    | 'subscription'
    | 'bills'
    | 'updatePayment'
    | 'activateProduct'
    | 'changePassword'
    | 'deleteAccount';
  const links: Array<{ key: LinkKey; to: string; icon: typeof IconKey }> = [
    { key: 'profile', to: paths.profile, icon: IconUserSquareRounded },
    { key: 'settings', to: paths.settings, icon: IconSettings },
    { key: 'subscription', to: paths.subscription, icon: IconPackage },
    ...(brand.menu.bills ? [{ key: 'bills' as const, to: paths.bills, icon: IconFileInvoice }] : []),
    ...(brand.menu.updatePayment
      ? [{ key: 'updatePayment' as const, to: paths.updatePayment, icon: IconCreditCard }]
      : []),
    { key: 'activateProduct', to: paths.activateProduct, icon: IconKey },
    { key: 'changePassword', to: paths.changePassword, icon: IconLock },
    { key: 'deleteAccount', to: paths.deleteAccount, icon: IconTrash },
  ];

  return (
    <>
      <PageHeader title={t('overview.title')} subtitle={t('overview.subtitle')} />
      {me ? (
        <Paper withBorder p="lg" mb="lg">
          <Group gap="md" wrap="nowrap">
            <Avatar
              src={me.image_url ?? undefined}
              name={me.name}
              color="initials"
              size={56}
              radius="xl"
              alt=""
            />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={700} fz="lg" truncate>
                {me.name}
              </Text>
              <Text c="dimmed" size="sm" truncate>
                {me.email}
              </Text>
            </Stack>
          </Group>
        </Paper>
      ) : null}
      <Box mb="lg">
        <CurrentPlanCard />
      </Box>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {links.map((link) => (
          <AccountLinkCard
            key={link.to}
            to={link.to}
            icon={link.icon}
            title={t(`common:nav.${link.key}`)}
            description={t(`overview.links.${link.key}`)}
          />
        ))}
      </SimpleGrid>
    </>
  );
}
