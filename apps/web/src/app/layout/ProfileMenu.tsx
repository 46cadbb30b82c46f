import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { MyInfo } from '@pet/shared';
import { paths } from '@pet/shared/paths';
import { IconChevronDown, IconLogout, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAfterFirstPaint } from '../../lib/drawWhen.ts';
import { signOut } from '../../lib/session/signOut.ts';

/** The user's name and picture with the account links and Logout. */
export function ProfileMenu({ me }: { me: MyInfo }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const picture = me.image_url ?? me.photoUrl ?? undefined;
  // The menu's list is drawn when a pointer or the focus first comes to the button (so its first opening
  // still animates), not with the page: a closed dropdown mounts its portal in a layout effect, an update
  // that made React run a second render and every effect of the page inside its first render's task (issue 46).
  const [drawn, setDrawn] = useState(false);
  const draw = () => setDrawn(true);

  // The menu's anchor updates itself as it is committed: the menu wraps the button after the first paint.
  const withMenu = useAfterFirstPaint();
  // Named by its content, the user's name first and then what it is (WCAG 2.5.3 label in name: an
  // aria-label would hide the visible name); the initials are decoration.
  const button = (
    <UnstyledButton px={6} py={4} style={{ borderRadius: 999 }} onPointerEnter={draw} onFocus={draw}>
      <Group gap={8} wrap="nowrap">
        <Avatar src={picture} name={me.name} color="initials" size={34} radius="xl" alt="" aria-hidden />
        <Text size="sm" fw={600} visibleFrom="sm" maw={160} truncate>
          {me.name}
        </Text>
        <VisuallyHidden>{t('layout.accountMenu')}</VisuallyHidden>
        <IconChevronDown size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
  if (!withMenu) return button;

  return (
    <Menu position="bottom-end" shadow="md" width={280} onOpen={draw}>
      <Menu.Target>{button}</Menu.Target>
      {drawn ? (
        <Menu.Dropdown>
          <Menu.Label>
            {t('layout.signedInAs')}
            {/* Wrapped, not cut: the address is how the user tells which account is signed in. */}
            <Text size="sm" c="dark" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {me.email}
            </Text>
          </Menu.Label>
          <Menu.Divider />
          <Menu.Item component={Link} to={paths.profile} leftSection={<IconUserCircle size={16} />}>
            {t('nav.profile')}
          </Menu.Item>
          <Menu.Item component={Link} to={paths.settings} leftSection={<IconSettings size={16} />}>
            {t('nav.settings')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<IconLogout size={16} />}
            onClick={() => void signOut(queryClient, { redirectTo: paths.signin })}
          >
            {t('actions.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      ) : null}
    </Menu>
  );
}
