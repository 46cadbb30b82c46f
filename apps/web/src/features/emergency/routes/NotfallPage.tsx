import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { PUBLIC_EMERGENCY_DEFAULT_LANGUAGE } from '@pet/shared';
import { IconFirstAidKit } from '@tabler/icons-react';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrandTextContext } from '../../../config/brand.tsx';
import { currentLanguage } from '../../../lib/i18n/index.ts';
import { PublicDownloadForm } from '../components/PublicDownloadForm.tsx';

/**
 * /notfall (public): a finder downloads the owner's emergency file by the emergency password. The page
 * starts in German whatever the browser says (spec 1 section 9); the language the finder picks is the
 * page's and the file's. A visitor who leaves without picking gets their earlier language back.
 */
export function NotfallPage() {
  const { t, i18n } = useTranslation('emergency');
  const textContext = useBrandTextContext();
  const picked = useRef(false);

  useLayoutEffect(() => {
    const before = currentLanguage(i18n);
    picked.current = false;
    void i18n.changeLanguage(PUBLIC_EMERGENCY_DEFAULT_LANGUAGE);
    return () => {
      if (!picked.current && currentLanguage(i18n) !== before) void i18n.changeLanguage(before);
    };
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
      <PublicDownloadForm
        onLanguagePicked={() => {
          picked.current = true;
        }}
      />
      <Text size="xs" c="dimmed" ta="center">
        {t('notfall.ownerTold')}
      </Text>
    </Stack>
  );
}
