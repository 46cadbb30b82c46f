import { Badge, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { MEDICAL_TYPES, type MedicalListItem, type MedicalType } from '@pet/shared';
import { medicalPath } from '@pet/shared/paths';
import {
  IconAlertTriangle,
  IconBug,
  IconChevronRight,
  IconPill,
  IconScissors,
  IconStethoscope,
  IconVaccine,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { countsOf } from './medicalRows.ts';

type Icon = ComponentType<{ size?: number; stroke?: number }>;

export const CATEGORY_ICONS: Record<MedicalType, Icon> = {
  allergy: IconAlertTriangle,
  disease: IconStethoscope,
  intervention: IconScissors,
  medication: IconPill,
  vaccination: IconVaccine,
  deworming: IconBug,
};

/** A row per category with its count, each linking to its list page (spec 2 section 2). */
export function MedicalOverview({
  pet,
  items,
}: {
  pet: { id: string; name: string };
  items: readonly MedicalListItem[];
}) {
  const { t } = useTranslation('medical');
  const counts = countsOf(items);
  return (
    <Stack component="nav" aria-label={t('overview.categoriesLabel')} gap="sm">
      {MEDICAL_TYPES.map((type) => {
        const CategoryIcon = CATEGORY_ICONS[type];
        const count = counts[type] ?? 0;
        return (
          <Card
            key={type}
            component={Link}
            to={medicalPath(pet, type)}
            withBorder
            padding="md"
            data-testid={`medical-category-${type}`}
          >
            <Group wrap="nowrap" gap="md">
              <ThemeIcon size={42} radius="md" variant="light">
                <CategoryIcon size={22} stroke={1.6} />
              </ThemeIcon>
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600}>{t(`categories.${type}`)}</Text>
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {t(`descriptions.${type}`)}
                </Text>
              </div>
              <Badge variant={count > 0 ? 'light' : 'outline'} color={count > 0 ? undefined : 'gray'}>
                {t('overview.count', { count })}
              </Badge>
              <IconChevronRight size={18} color="var(--mantine-color-gray-5)" aria-hidden />
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
