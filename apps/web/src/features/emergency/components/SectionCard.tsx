import { Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface SectionCardProps {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** One part of /emergency-data: a bordered section named by its heading. */
export function SectionCard({ icon, title, description, children }: SectionCardProps) {
  const titleId = useId();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={titleId}>
      <Group gap="sm" mb="xs" wrap="nowrap">
        <ThemeIcon variant="light" size={38} radius="md">
          {icon}
        </ThemeIcon>
        <Title order={2} fz="lg" id={titleId}>
          {title}
        </Title>
      </Group>
      {description ? (
        <Text size="sm" c="dimmed" mb="md">
          {description}
        </Text>
      ) : null}
      {children}
    </Paper>
  );
}
