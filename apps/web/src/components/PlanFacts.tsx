import { Group, SimpleGrid, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import type { PlanLimits } from '@pet/shared/entitlements';
import { IconCheck, IconFolder, IconPaw, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useBrandTextContext } from '../config/brand.tsx';
import { documentsLimitLabel } from '../lib/plan/plan.ts';

export const PLAN_FEATURES = ['appointments', 'medical', 'emergency_file', 'gps_tracking'] as const;

/** A plan's limits (pets, documents: 'unlimited' from 100) and which features it includes. */
export function PlanFacts({ plan, columns = 1 }: { plan: PlanLimits; columns?: 1 | 2 }) {
  const { t } = useTranslation('plans');
  const textContext = useBrandTextContext();
  const documents = documentsLimitLabel(plan.documents_limit);

  return (
    <SimpleGrid cols={{ base: 1, xs: columns }} spacing="lg" verticalSpacing="md">
      <Stack gap={8}>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">
          {t('facts.limitsLabel')}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon variant="light" size={26} radius="xl">
            <IconPaw size={16} stroke={1.8} />
          </ThemeIcon>
          <Text size="sm" fw={500}>
            {t('facts.pets', { count: plan.pets_limit, ...textContext })}
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon variant="light" size={26} radius="xl">
            <IconFolder size={16} stroke={1.8} />
          </ThemeIcon>
          <Text size="sm" fw={500}>
            {documents === 'unlimited'
              ? t('facts.documentsUnlimited')
              : t('facts.documents', { count: documents })}
          </Text>
        </Group>
      </Stack>
      <Stack gap={8}>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">
          {t('facts.featuresLabel')}
        </Text>
        {PLAN_FEATURES.map((feature) => {
          const included = plan[feature];
          return (
            <Group key={feature} gap="xs" wrap="nowrap" data-included={included}>
              <ThemeIcon variant="light" color={included ? 'teal' : 'gray'} size={26} radius="xl">
                {included ? <IconCheck size={16} stroke={2} /> : <IconX size={16} stroke={2} />}
              </ThemeIcon>
              <Text size="sm" c={included ? undefined : 'dimmed'} td={included ? undefined : 'line-through'}>
                {t(`facts.feature.${feature}`)}
                <VisuallyHidden>{` (${included ? t('facts.included') : t('facts.notIncluded')})`}</VisuallyHidden>
              </Text>
            </Group>
          );
        })}
      </Stack>
    </SimpleGrid>
  );
}
