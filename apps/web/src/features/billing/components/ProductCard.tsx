import { Badge, type BadgeProps, Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { Plan } from '@pet/shared';
import { euroToCents, formatEuro } from '@pet/shared';
import { IconArrowDownRight, IconCircleCheckFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlanFacts } from '../../../components/PlanFacts.tsx';
import { isFreeProduct } from '../../../lib/plan/plan.ts';
import type { DisabledReason } from '../lib/planRules.ts';

interface ProductCardProps {
  product: Plan;
  current: boolean;
  /** Offered for ordering: the choose button, disabled for a reason, or enabled. Absent: no button. */
  choice?: { disabled: DisabledReason | null; onChoose: () => void };
  /** The current term's renewal or end, under the name. */
  termNote?: string;
  /** dd.MM.yyyy: a pending downgrade moves to this plan on that day (myinfo.downgrading). */
  downgradingFrom?: string;
  /** Actions at the card's foot, in place of the choose button. */
  footer?: ReactNode;
}

/** A badge on the card's top edge: the current plan, or the target of a pending downgrade. */
function CornerBadge({ icon, ...props }: BadgeProps & { icon: ReactNode; children: ReactNode }) {
  return <Badge {...props} leftSection={icon} pos="absolute" top={-11} left="var(--card-padding)" />;
}

const BUTTON_WRAPS = {
  root: { height: 'auto', minHeight: 'var(--button-height)' },
  label: { whiteSpace: 'normal', height: 'auto', textAlign: 'center', paddingBlock: 6 },
} as const;

/** One plan of the brand: name, prices, limits and features; the user's current plan is marked. */
export function ProductCard({
  product,
  current,
  choice,
  termNote,
  downgradingFrom,
  footer,
}: ProductCardProps) {
  const { t } = useTranslation(['plans', 'billing']);
  const free = isFreeProduct(product);

  return (
    <Card
      component="article"
      withBorder
      padding="lg"
      aria-current={current ? 'true' : undefined}
      data-testid={`product-${product.id}`}
      style={{
        overflow: 'visible',
        ...(current
          ? {
              borderColor: 'var(--mantine-primary-color-filled)',
              boxShadow: '0 0 0 1px var(--mantine-primary-color-filled)',
            }
          : {}),
      }}
    >
      <Stack gap="md" h="100%">
        <Stack gap={6}>
          {current ? (
            <CornerBadge variant="filled" icon={<IconCircleCheckFilled size={12} />}>
              {t('plans:badge.current')}
            </CornerBadge>
          ) : null}
          {downgradingFrom ? (
            <CornerBadge variant="light" color="orange" icon={<IconArrowDownRight size={12} />}>
              {t('billing:downgrade.badge')}
            </CornerBadge>
          ) : null}
          <Title order={3} fz="lg">
            {product.name}
          </Title>
          {product.duration ? (
            <Text size="sm" c="dimmed">
              {t('plans:overview.term', { count: product.duration })}
            </Text>
          ) : null}
          {termNote ? (
            <Text size="sm" fw={600}>
              {termNote}
            </Text>
          ) : null}
          {downgradingFrom ? (
            <Text size="sm" fw={600} c="orange.8">
              {t('billing:downgrade.startsOn', { date: downgradingFrom })}
            </Text>
          ) : null}
        </Stack>

        {free ? (
          <Text fz={26} fw={800} lh={1.1}>
            {t('plans:overview.free')}
          </Text>
        ) : (
          <Stack gap={2}>
            {product.monthly_price > 0 ? (
              <Group gap={6} align="baseline">
                <Text fz={26} fw={800} lh={1.1}>
                  {formatEuro(euroToCents(product.monthly_price))}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('plans:overview.perMonth')}
                </Text>
              </Group>
            ) : null}
            {product.yearly_price > 0 ? (
              <Group gap={6} align="baseline">
                <Text
                  fz={product.monthly_price > 0 ? 'md' : 26}
                  fw={product.monthly_price > 0 ? 600 : 800}
                  lh={1.1}
                >
                  {formatEuro(euroToCents(product.yearly_price))}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('plans:overview.perYear')}
                </Text>
              </Group>
            ) : null}
          </Stack>
        )}

        <Divider />
        <PlanFacts plan={product} />
        {choice ? (
          <Button
            mt="auto"
            variant={choice.disabled ? 'default' : 'filled'}
            disabled={choice.disabled !== null}
            onClick={choice.onChoose}
            // Four cards side by side leave a narrow button: a longer label ("Diesen Tarif wählen") wraps
            // instead of being cut off.
            styles={BUTTON_WRAPS}
          >
            {choice.disabled ? t(`billing:plans.disabled.${choice.disabled}`) : t('billing:plans.choose')}
          </Button>
        ) : null}
        {footer ? (
          <Stack gap="xs" mt="auto">
            {footer}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
