import { Grid, Group, NavLink, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import { IconChevronRight, IconPackage, IconPaw, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CurrentPlanCard } from '../../../components/CurrentPlanCard.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useMyInfo } from '../../../lib/session/myInfo.ts';
import { CalendarFeedCard } from '../components/CalendarFeedCard.tsx';
import { DataExportCard } from '../components/DataExportCard.tsx';
import { ProfileAvatarPicker } from '../components/ProfileAvatarPicker.tsx';
import { ProfileNameForm } from '../components/ProfileNameForm.tsx';

/** /my-account/profile: avatar, name, e-mail, the current plan and links to products, pets and settings. */
export function ProfilePage() {
  const { t } = useTranslation('account');
  const me = useMyInfo().data;
  if (!me) return null;

  const links = [
    { to: paths.subscription, label: t('profile.products'), icon: IconPackage },
    { to: paths.myPets, label: t('profile.pets'), icon: IconPaw },
    { to: paths.settings, label: t('profile.settings'), icon: IconSettings },
  ];

  return (
    <>
      <PageHeader title={t('profile.title')} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Paper withBorder p="xl">
              <Group gap="lg" mb="xl" wrap="nowrap">
                <ProfileAvatarPicker me={me} />
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Title order={2} fz={22}>
                    {me.name}
                  </Title>
                  <Text c="dimmed" truncate>
                    {me.email}
                  </Text>
                </Stack>
              </Group>
              <ProfileNameForm me={me} />
            </Paper>
            <CalendarFeedCard />
            <DataExportCard />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <CurrentPlanCard compact />
            <Paper withBorder p="xl">
              <Title order={2} fz="lg" mb="md">
                {t('profile.linksTitle')}
              </Title>
              <Stack gap={4}>
                {links.map(({ to, label, icon: Icon }) => (
                  <NavLink
                    key={to}
                    component={Link}
                    to={to}
                    label={label}
                    leftSection={
                      <ThemeIcon variant="light" size={34} radius="md">
                        <Icon size={18} stroke={1.6} />
                      </ThemeIcon>
                    }
                    rightSection={<IconChevronRight size={16} />}
                    styles={{
                      root: { borderRadius: 'var(--mantine-radius-md)' },
                      label: { fontWeight: 600 },
                    }}
                  />
                ))}
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
