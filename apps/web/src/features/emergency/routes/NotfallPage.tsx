import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { PUBLIC_EMERGENCY_DEFAULT_LANGUAGE } from '@pet/shared';
import { IconFirstAidKit } from '@tabler/icons-react';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrandTextContext } from '../../../config/brand.tsx';
import { PublicDownloadForm } from '../components/PublicDownloadForm.tsx';

/**
 * /notfall (public): a finder downloads the owner's emergency file by the emergency password. The page
 * starts in German whatever the browser says (spec 1 section 9); the language the finder picks is the
 * page's and the file's.
 */
export function NotfallPage() {
  const { t, i18n } = useTranslation('emergency');
  const textContext = useBrandTextContext();
  // Once per visit: a layout effect also runs again when a suspended update hides and shows the page, and
  // must not take back the language the finder picked.
  const started = useRef(false);
  useLayoutEffect(() => {
    if (started.current) return;
    started.current = true;
    void i18n.changeLanguage(PUBLIC_EMERGENCY_DEFAULT_LANGUAGE);
  }, [i18n]);

  return (
    <Stack maw={480} mx="auto" gap="lg">
      <Stack gap="xs" align="center" ta="center">
        <ThemeIcon size={64} radius={999} variant="light" color="red">
          <IconFirstAidKit size={34} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('notfall.title')}
        </Title>
        <Text c="dimmed">{t('notfall.intro', textContext)}</Text>
      </Stack>
      <PublicDownloadForm />
      <Text size="xs" c="dimmed" ta="center">
        {t('notfall.ownerTold')}
      </Text>
    </Stack>
  );
}
