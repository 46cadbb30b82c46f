import { Anchor, Box, Container, Group, Paper, Text } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { BrandLogo } from '../../components/BrandLogo.tsx';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { PageLoader } from '../../components/Loaders.tsx';
import { useBrand, useBrandTextContext } from '../../config/brand.tsx';
import { headerMode } from '../../lib/session/embedded.ts';
import classes from './AuthLayout.module.css';
import { LegalLinks } from './LegalLinks.tsx';

/** Sign-in, registration and password pages: one centred card on a brand-tinted background. */
export function AuthLayout() {
  const { t } = useTranslation(['auth', 'common']);
  const brand = useBrand();
  const textContext = useBrandTextContext();
  const embedded = headerMode() !== 'normal';

  return (
    <Box className={classes.root}>
      {embedded ? null : (
        <Group component="header" justify="space-between" px={{ base: 'md', sm: 'xl' }} py="md" wrap="nowrap">
          <Anchor
            component={Link}
            to={paths.signin}
            aria-label={t('common:brandHome', { brand: brand.displayName })}
          >
            <BrandLogo height={38} />
          </Anchor>
          <LanguageSwitch />
        </Group>
      )}
      {/* The page's landmarks (header, main, footer): a screen reader jumps to the form at once. */}
      <Container
        component="main"
        size={520}
        px={{ base: 'sm', sm: 'md' }}
        py={{ base: 'md', sm: 'xl' }}
        className={classes.main}
      >
        <Paper shadow="md" p={{ base: 'lg', sm: 36 }} withBorder className={classes.card}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Paper>
        <Text ta="center" size="sm" c="dimmed" mt="lg">
          {t('layout.tagline', textContext)}
        </Text>
      </Container>
      <LegalLinks />
    </Box>
  );
}
