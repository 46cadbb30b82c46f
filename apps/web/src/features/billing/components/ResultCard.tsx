import { Card, Stack, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The end of a billing step (paid, cancelled, method saved or not): an icon, a title and what follows. */
export function ResultCard({
  outcome,
  title,
  children,
}: {
  outcome: 'success' | 'failure';
  title: string;
  children: ReactNode;
}) {
  const failed = outcome === 'failure';
  return (
    <Card withBorder padding="xl" maw={640} mx="auto" mt="lg">
      <Stack gap="md" align="center" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color={failed ? 'red' : 'teal'}>
          {failed ? <IconAlertCircle size={32} /> : <IconCircleCheck size={32} />}
        </ThemeIcon>
        <Title order={2}>{title}</Title>
        {children}
      </Stack>
    </Card>
  );
}
