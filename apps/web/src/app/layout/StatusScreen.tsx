import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A full-screen message with an icon and actions (not found, unexpected error). */
export function StatusScreen(props: {
  icon: ReactNode;
  eyebrow?: string;
  title: string;
  text: string;
  actions: ReactNode;
}) {
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Stack align="center" gap="md" maw={460} ta="center">
        <ThemeIcon size={84} radius={999} variant="light">
          {props.icon}
        </ThemeIcon>
        {props.eyebrow ? (
          <Text fw={800} fz={48} lh={1} c="var(--mantine-primary-color-filled)">
            {props.eyebrow}
          </Text>
        ) : null}
        <Title order={1} fz={28}>
          {props.title}
        </Title>
        <Text c="dimmed">{props.text}</Text>
        {props.actions}
      </Stack>
    </Center>
  );
}
