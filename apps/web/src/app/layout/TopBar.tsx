import { ActionIcon, Burger, Group, UnstyledButton } from '@mantine/core';
import type { MyInfo } from '@pet/shared';
import { paths } from '@pet/shared/paths';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/BrandLogo.tsx';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { useBrand } from '../../config/brand.tsx';
import { ProfileMenu } from './ProfileMenu.tsx';

interface TopBarProps {
  me: MyInfo;
  /** No side bar (hidesidebar): nothing to toggle. */
  withMenuToggle: boolean;
  mobileOpened: boolean;
  desktopOpened: boolean;
  onToggleMobile: () => void;
  onToggleDesktop: () => void;
}

export function TopBar(props: TopBarProps) {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {props.withMenuToggle ? (
          <>
            <Burger
              opened={props.mobileOpened}
              onClick={props.onToggleMobile}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('layout.toggleNavigation')}
            />
            <ActionIcon
              onClick={props.onToggleDesktop}
              visibleFrom="sm"
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('layout.toggleNavigation')}
              aria-expanded={props.desktopOpened}
            >
              {props.desktopOpened ? (
                <IconLayoutSidebarLeftCollapse size={22} stroke={1.6} />
              ) : (
                <IconLayoutSidebarLeftExpand size={22} stroke={1.6} />
              )}
            </ActionIcon>
          </>
        ) : null}
        <UnstyledButton
          component={Link}
          to={paths.home}
          aria-label={t('brandHome', { brand: brand.displayName })}
        >
          <BrandLogo height={34} />
        </UnstyledButton>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <LanguageSwitch />
        <ProfileMenu me={props.me} />
      </Group>
    </Group>
  );
}
