import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';

interface EmptyStateProps {
  icon: ComponentType<{ size?: number; stroke?: number }>;
  title: string;
  /** The prompt to add; left out where adding is not possible (a limit message above says why). */
  text?: string;
  /** The add button. */
  action: ReactNode;
}

/** A list without entries: the list's icon, a title, the prompt and the add button (spec 2 "List page behaviour"). */
export function EmptyState({ icon: Icon, title, text, action }: EmptyStateProps) {
  return (
    <Paper withBorder p={{ base: 'lg', sm: 'xl' }}>
      <Stack align="center" gap="sm" ta="center" py="md">
        <ThemeIcon variant="light" size={64} radius="xl">
          <Icon size={34} stroke={1.5} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          {title}
        </Title>
        {text ? (
          <Text c="dimmed" maw={460}>
            {text}
          </Text>
        ) : null}
        {action}
      </Stack>
    </Paper>
  );
}
