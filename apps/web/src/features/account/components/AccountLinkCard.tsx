import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';

type Icon = ComponentType<{ size?: number; stroke?: number }>;

/** A row-like card that links to one account page. */
export function AccountLinkCard(props: { to: string; icon: Icon; title: string; description: string }) {
  const { icon: Icon } = props;
  return (
    <Card component={Link} to={props.to} withBorder padding="md" style={{ height: '100%' }}>
      <Group wrap="nowrap" gap="md">
        <ThemeIcon size={44} radius="md" variant="light">
          <Icon size={24} stroke={1.6} />
        </ThemeIcon>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600}>{props.title}</Text>
          <Text size="sm" c="dimmed">
            {props.description}
          </Text>
        </div>
        <IconChevronRight size={18} color="var(--mantine-color-gray-5)" />
      </Group>
    </Card>
  );
}
