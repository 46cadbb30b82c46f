import { Anchor, Box, Container, Group } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { BrandLogo } from '../../components/BrandLogo.tsx';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { PageLoader } from '../../components/Loaders.tsx';
import { useBrand } from '../../config/brand.tsx';
import { LegalLinks } from './LegalLinks.tsx';

/** Pages open to everyone (public emergency download, legal documents): logo, language, content. */
export function PlainLayout() {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <Box mih="100dvh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group justify="space-between" px={{ base: 'md', sm: 'xl' }} h={64} wrap="nowrap">
          <Anchor component={Link} to={paths.home} aria-label={t('brandHome', { brand: brand.displayName })}>
            <BrandLogo height={34} />
          </Anchor>
          <LanguageSwitch />
        </Group>
      </Box>
      <Container component="main" size="md" w="100%" py="xl" style={{ flex: 1 }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Container>
      <LegalLinks />
    </Box>
  );
}
