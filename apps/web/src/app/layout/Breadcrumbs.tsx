import { Anchor, Box, Breadcrumbs as MantineBreadcrumbs, Text } from '@mantine/core';
import type { MyInfo } from '@pet/shared';
import { paths } from '@pet/shared/paths';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { useBrandTextContext } from '../../config/brand.tsx';
import { isRouteHandle } from '../crumbs.ts';

interface Step {
  to: string;
  label: string;
}

/** Home > ... > current page, on inner pages only. */
export function Breadcrumbs({ me }: { me: MyInfo }) {
  const { t } = useTranslation();
  const matches = useMatches();
  // The dog-protection brand says "dog" where the others say "pet" (keys with a `_dog` form).
  const wording = useBrandTextContext();

  const steps: Step[] = [];
  for (const match of matches) {
    if (!isRouteHandle(match.handle) || !match.handle.crumb) continue;
    const step = match.handle.crumb;
    // A splat route (medical-data/*) links to its own start, not to the sub-page below it.
    const splat = match.params['*'];
    const to = splat
      ? match.pathname.slice(0, match.pathname.length - splat.length).replace(/\/$/, '')
      : match.pathname;
    if ('pet' in step) {
      const pet = me.pets.find((p) => p.id === match.params.id);
      steps.push({ to, label: pet?.name ?? (match.params.name ?? '').replace(/-/g, ' ') });
    } else {
      steps.push({ to, label: t(`nav.${step.label}`, wording) });
    }
  }
  if (steps.length === 0) return null;

  // A navigation landmark named by its text ("You are here"), so a screen reader lists and reaches it. Mantine's
  // Breadcrumbs is a plain div and cannot be rendered as another element, hence the wrapper.
  return (
    <Box component="nav" aria-label={t('layout.breadcrumbs')} mb="md">
      <MantineBreadcrumbs
        separator={<IconChevronRight size={14} stroke={1.5} />}
        styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }}
      >
        <Anchor component={Link} to={paths.dashboard} size="sm">
          {t('nav.home')}
        </Anchor>
        {steps.map((step, index) =>
          index === steps.length - 1 ? (
            <Text key={step.to} size="sm" c="dimmed" aria-current="page">
              {step.label}
            </Text>
          ) : (
            <Anchor key={step.to} component={Link} to={step.to} size="sm">
              {step.label}
            </Anchor>
          ),
        )}
      </MantineBreadcrumbs>
    </Box>
  );
}
