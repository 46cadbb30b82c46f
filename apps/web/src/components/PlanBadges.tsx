import { Badge, Group } from '@mantine/core';
import type { Plan } from '@pet/shared';
import { IconFlask, IconGift, IconSpeakerphone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/dates.ts';
import { isPromoPlan, type PlanStatus } from '../lib/plan/plan.ts';

/** Promo, gift and trial badges of the user's current plan. */
export function PlanBadges({ product, status }: { product: Plan | null; status: PlanStatus }) {
  const { t } = useTranslation('plans');
  const trialDate = formatDate(status.trialEndsAt);
  const promo = isPromoPlan(product, status);
  if (!promo && !status.isGift && !status.isTrial) return null;
  return (
    <Group gap={6}>
      {promo ? (
        <Badge color="grape" variant="light" leftSection={<IconSpeakerphone size={12} />}>
          {t('badge.promo')}
        </Badge>
      ) : null}
      {status.isGift ? (
        <Badge color="pink" variant="light" leftSection={<IconGift size={12} />}>
          {t('badge.gift')}
        </Badge>
      ) : null}
      {status.isTrial ? (
        <Badge color="blue" variant="light" leftSection={<IconFlask size={12} />}>
          {trialDate ? t('badge.trialUntil', { date: trialDate }) : t('badge.trial')}
        </Badge>
      ) : null}
    </Group>
  );
}
