import { Group, Paper, type PaperProps, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A card of its own on a page (the calendar feed, the data export, a pet's share links): an icon, a titled
 * section labelled by its heading, a dimmed description, then the card's content.
 */
export function SectionCard({
  id,
  icon: SectionIcon,
  title,
  description,
  p = 'xl',
  children,
}: {
  /** The heading's id, which labels the section. */
  id: string;
  icon: Icon;
  title: ReactNode;
  description: ReactNode;
  p?: PaperProps['p'];
  children: ReactNode;
}) {
  return (
    <Paper withBorder p={p} component="section" aria-labelledby={id}>
      <Group gap="sm" mb="xs" wrap="nowrap">
        <ThemeIcon variant="light" size={38} radius="md">
          <SectionIcon size={20} stroke={1.6} />
        </ThemeIcon>
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {description}
      </Text>
      {children}
    </Paper>
  );
}
