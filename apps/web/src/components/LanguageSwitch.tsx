import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { LANGUAGES, type Language } from '@pet/shared/constants';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/session/useLanguage.ts';

/**
 * Top-bar language switch. With two languages it is one button naming the other language in that language
 * ("Deutsch" / "English"): one press switches, and its name is the text it shows. A menu would cost the
 * first page its floating-position code (about 25 KiB compressed) for no extra choice. Signed in, the choice
 * is also saved to the profile.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const next: Language = LANGUAGES.find((lng) => lng !== language) ?? language;

  const choose = () => {
    setLanguage(next).catch(() => {
      // i18n.t, not this render's t: the failure is told in the language just chosen.
      notifications.show({ color: 'red', message: i18n.t('common:language.changeFailed') });
    });
  };

  return (
    <Button
      variant="subtle"
      color="gray"
      size="compact-md"
      lang={next}
      title={t('language.switch')}
      leftSection={<IconLanguage size={18} stroke={1.6} aria-hidden />}
      onClick={choose}
    >
      {t(`language.${next}`)}
    </Button>
  );
}
