import { Card, Text, ThemeIcon } from '@mantine/core';
import type { DashboardCard } from '@pet/shared/brands';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBrand, useBrandTextContext } from '../../../config/brand.tsx';
import { CARD_ICONS } from './cards.ts';
import classes from './DashboardCardLink.module.css';

/** One dashboard tile: the whole card is the link. A tile on wide screens, a row on phones. */
export function DashboardCardLink({ card, to }: { card: DashboardCard; to: string }) {
  const { t } = useTranslation('dashboard');
  const brand = useBrand();
  const textContext = useBrandTextContext();
  // A brand's own card titles (title_short) where it has them, else its pet wording.
  const titleContext = brand.dashboardCardTitles === 'short' ? { context: 'short' } : textContext;
  const Icon = CARD_ICONS[card];
  return (
    <Card component={Link} to={to} withBorder padding="lg" className={classes.card}>
      <div className={classes.inner}>
        <ThemeIcon size={52} radius="md" variant="light" className={classes.icon}>
          <Icon size={28} stroke={1.6} />
        </ThemeIcon>
        <div className={classes.text}>
          <Text fw={700} fz="lg">
            {t(`cards.${card}.title`, titleContext)}
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            {t(`cards.${card}.description`)}
          </Text>
        </div>
        <IconChevronRight size={18} className={classes.chevron} aria-hidden />
      </div>
    </Card>
  );
}
