import { Anchor, Badge, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { DueSoonItem } from '@pet/shared';
import { medicalPath } from '@pet/shared/paths';
import { IconBellRinging } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { browserTimeZone } from '../../../lib/timeZone.ts';
import { dueSoonQuery } from '../api/dueSoonApi.ts';

function DueWhen({ item }: { item: DueSoonItem }) {
  const { t } = useTranslation('dashboard');
  const overdue = item.days_left < 0;
  return (
    <Badge variant="light" color={overdue ? 'red' : item.days_left <= 7 ? 'orange' : 'gray'}>
      {overdue
        ? t('dueSoon.overdue', { count: -item.days_left })
        : t('dueSoon.inDays', { count: item.days_left })}
    </Badge>
  );
}

/**
 * "Due soon": the vaccinations and dewormings of all pets due in the next 30 days or overdue, soonest first,
 * each linking to its category's list. Shown only when there is something due (and only where the brand
 * has medical data and the user has a pet).
 */
export function DueSoonCard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('dashboard');
  const titleId = useId();
  const list = useQuery({ ...dueSoonQuery(browserTimeZone()), enabled });
  const items = list.data ?? [];
  if (!enabled || items.length === 0) return null;

  return (
    <Card withBorder padding="lg" mb="lg" component="section" aria-labelledby={titleId}>
      <Group gap="sm" mb="sm" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light" color="orange">
          <IconBellRinging size={22} stroke={1.6} />
        </ThemeIcon>
        <div>
          <Title order={2} fz="lg" id={titleId}>
            {t('dueSoon.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('dueSoon.subtitle')}
          </Text>
        </div>
      </Group>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <Group
            key={item.id}
            component="li"
            justify="space-between"
            wrap="nowrap"
            gap="sm"
            data-testid="due-soon-item"
          >
            <Anchor
              component={Link}
              to={medicalPath({ id: item.pet_id, name: item.pet_name }, item.medical_type)}
              style={{ minWidth: 0 }}
            >
              <Text span fw={600}>
                {item.name}
              </Text>
              <Text span c="dimmed" size="sm">
                {` · ${t(`dueSoon.types.${item.medical_type}`)} · ${item.pet_name}`}
              </Text>
            </Anchor>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={600}>
                {item.next_due_date}
              </Text>
              <DueWhen item={item} />
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
