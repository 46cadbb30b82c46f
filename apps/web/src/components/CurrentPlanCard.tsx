import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import { IconGift, IconInfoCircle, IconKey, IconListDetails, IconPackage } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../lib/dates.ts';
import { isPromoPlan } from '../lib/plan/plan.ts';
import { usePlan } from '../lib/plan/usePlan.ts';
import { PlanBadges } from './PlanBadges.tsx';
import { PlanFacts } from './PlanFacts.tsx';

function Hint({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <Text c="dimmed" mt={2} style={{ display: 'flex' }}>
        {icon}
      </Text>
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </Group>
  );
}

/**
 * The signed-in user's plan: name, promo/gift/trial badges and hints, limits and features, and the ways to
 * change it (activate a code, see the plans). `compact` stacks everything for a narrow column.
 */
export function CurrentPlanCard({
  compact = false,
  withActivateLink = true,
  withPlansLink = true,
}: {
  compact?: boolean;
  /** Off on the activation page itself. */
  withActivateLink?: boolean;
  /** Off on the plan overview itself. */
  withPlansLink?: boolean;
}) {
  const { t } = useTranslation('plans');
  const { product, plan, status } = usePlan();
  const titleId = useId();
  const trialDate = formatDate(status.trialEndsAt);

  let trialHint: string | null = null;
  if (status.isTrial && trialDate && status.trialMonths) {
    trialHint = t('current.trialHint', { count: status.trialMonths, date: trialDate });
  } else if (status.isTrial && status.trialMonths) {
    trialHint = t('current.trialMonths', { count: status.trialMonths });
  }

  return (
    <Paper withBorder p={compact ? 'lg' : 'xl'} component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text id={titleId} size="xs" fw={700} c="dimmed" tt="uppercase">
              {t('current.title')}
            </Text>
            <Title order={2} fz={compact ? 'lg' : 22}>
              {product ? product.name : t('current.none')}
            </Title>
            <PlanBadges product={product} status={status} />
          </Stack>
          <ThemeIcon size={compact ? 40 : 48} radius="md" variant="light">
            <IconPackage size={compact ? 22 : 26} stroke={1.6} />
          </ThemeIcon>
        </Group>

        {product ? null : <Text size="sm">{t('current.noneText')}</Text>}
        {status.isGift ? <Hint icon={<IconGift size={16} />}>{t('current.giftHint')}</Hint> : null}
        {trialHint ? <Hint icon={<IconInfoCircle size={16} />}>{trialHint}</Hint> : null}
        {isPromoPlan(product, status) ? (
          <Hint icon={<IconInfoCircle size={16} />}>{t('current.promoHint')}</Hint>
        ) : null}

        <PlanFacts plan={plan} columns={compact ? 1 : 2} />

        {withActivateLink || withPlansLink ? (
          <Group gap="sm">
            {withActivateLink ? (
              <Button
                component={Link}
                to={paths.activateProduct}
                variant="light"
                leftSection={<IconKey size={16} />}
                size={compact ? 'xs' : 'sm'}
              >
                {t('current.activate')}
              </Button>
            ) : null}
            {withPlansLink ? (
              <Button
                component={Link}
                to={paths.subscription}
                variant="subtle"
                leftSection={<IconListDetails size={16} />}
                size={compact ? 'xs' : 'sm'}
              >
                {t('current.plans')}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
