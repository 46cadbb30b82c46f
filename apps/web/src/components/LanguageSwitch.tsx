import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { LANGUAGES, type Language } from '@pet/shared/constants';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/session/useLanguage.ts';

/** Top-bar language menu. Signed in, the choice is also saved to the profile. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const { language, setLanguage } = useLanguage();

  const choose = (next: Language) => {
    if (next === language) return;
    setLanguage(next).catch(() => {
      // i18n.t, not this render's t: the failure is told in the language just chosen.
      notifications.show({ color: 'red', message: i18n.t('common:language.changeFailed') });
    });
  };

  // The visible code ("EN") begins the button's name, so a person who says what they see can press it (WCAG
  // 2.5.3 label in name); the rest tells a screen reader what it does.
  const code = language.toUpperCase();
  return (
    <Menu position="bottom-end" shadow="md" width={160}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          aria-label={t('language.switch', { code })}
          leftSection={<IconLanguage size={18} stroke={1.6} />}
          rightSection={<IconChevronDown size={14} />}
        >
          {code}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((lng) => (
          <Menu.Item
            key={lng}
            lang={lng}
            onClick={() => choose(lng)}
            rightSection={lng === language ? <IconCheck size={14} /> : null}
            aria-current={lng === language ? 'true' : undefined}
          >
            {t(`language.${lng}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
