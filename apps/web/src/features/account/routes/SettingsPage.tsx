import { Accordion, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { LANGUAGES } from '@pet/shared/constants';
import { paths } from '@pet/shared/paths';
import { IconExternalLink, IconHelpCircle, IconLogout, IconMapPin } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useBrand } from '../../../config/brand.tsx';
import { isLanguage } from '../../../lib/i18n/language.ts';
import { useMyInfo } from '../../../lib/session/myInfo.ts';
import { signOut } from '../../../lib/session/signOut.ts';
import { useLanguage } from '../../../lib/session/useLanguage.ts';
import { AddressForm } from '../components/AddressForm.tsx';
import { StayLoggedInSwitch } from '../components/StayLoggedInSwitch.tsx';

/** /my-account/profile/settings: language, address, stay signed in, logout and help. */
export function SettingsPage() {
  const { t, i18n } = useTranslation(['account', 'common']);
  const brand = useBrand();
  const queryClient = useQueryClient();
  const me = useMyInfo().data;
  const { language, setLanguage } = useLanguage();
  if (!me) return null;

  const changeLanguage = (value: string | null) => {
    if (!isLanguage(value) || value === language) return;
    setLanguage(value)
      .then(() => notifications.show({ color: 'teal', message: i18n.t('account:settings.language.saved') }))
      .catch(() => notifications.show({ color: 'red', message: i18n.t('common:language.changeFailed') }));
  };

  return (
    <>
      <PageHeader title={t('settings.title')} />
      <Stack gap="lg" maw={760}>
        <Paper withBorder p="xl">
          <Title order={2} fz="lg" mb="md">
            {t('settings.language.title')}
          </Title>
          <Select
            label={t('settings.language.label')}
            data={LANGUAGES.map((lng) => ({ value: lng, label: t(`common:language.${lng}`) }))}
            value={language}
            onChange={changeLanguage}
            allowDeselect={false}
            maw={320}
          />
        </Paper>

        <Paper withBorder p={0} style={{ overflow: 'hidden' }}>
          <Accordion variant="default" chevronPosition="right">
            <Accordion.Item value="address" style={{ borderBottom: 0 }}>
              <Accordion.Control icon={<IconMapPin size={20} stroke={1.6} />} px="xl" py="xs">
                <Text fw={700} fz="lg">
                  {t('settings.address.title')}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('settings.address.description')}
                </Text>
              </Accordion.Control>
              <Accordion.Panel px="md" pb="md">
                <AddressForm me={me} />
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
        </Paper>

        <Paper withBorder p="xl">
          <Title order={2} fz="lg" mb="md">
            {t('settings.session.title')}
          </Title>
          <StayLoggedInSwitch me={me} />
        </Paper>

        <Paper withBorder p="xl">
          <Group justify="space-between" gap="md">
            <Group gap="sm" wrap="nowrap">
              <IconHelpCircle size={22} stroke={1.6} />
              <Text size="sm">{t('settings.helpText', { brand: brand.displayName })}</Text>
            </Group>
            <Group gap="sm">
              <Button
                component="a"
                href={brand.links.faq}
                target="_blank"
                rel="noopener noreferrer"
                variant="default"
                rightSection={<IconExternalLink size={16} />}
              >
                {t('settings.help')}
              </Button>
              <Button
                color="red"
                variant="light"
                leftSection={<IconLogout size={16} />}
                onClick={() => void signOut(queryClient, { redirectTo: paths.signin })}
              >
                {t('settings.logout')}
              </Button>
            </Group>
          </Group>
        </Paper>
      </Stack>
    </>
  );
}
