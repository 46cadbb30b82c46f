import { Anchor, Box, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/BrandLogo.tsx';
import { useBrand } from '../../config/brand.tsx';

/**
 * A full-screen message with an icon and actions (not found, unexpected error), under a bar with the brand's
 * logo, so a visitor who lands on a dead link still sees whose portal this is.
 */
export function StatusScreen(props: {
  icon: ReactNode;
  eyebrow?: string;
  title: string;
  text: string;
  actions: ReactNode;
}) {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <Box mih="100dvh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group px={{ base: 'md', sm: 'xl' }} h={64} wrap="nowrap">
          <Anchor component={Link} to={paths.home} aria-label={t('brandHome', { brand: brand.displayName })}>
            <BrandLogo height={34} />
          </Anchor>
        </Group>
      </Box>
      <Center component="main" p="md" style={{ flex: 1 }}>
        <Stack align="center" gap="md" maw={460} ta="center">
          <ThemeIcon size={84} radius={999} variant="light">
            {props.icon}
          </ThemeIcon>
          {props.eyebrow ? (
            <Text fw={800} fz={48} lh={1} c="var(--mantine-primary-color-filled)">
              {props.eyebrow}
            </Text>
          ) : null}
          <Title order={1} fz={28}>
            {props.title}
          </Title>
          <Text c="dimmed">{props.text}</Text>
          {props.actions}
        </Stack>
      </Center>
    </Box>
  );
}
