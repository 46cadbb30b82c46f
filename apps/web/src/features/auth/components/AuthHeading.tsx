import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function AuthHeading({ title, subtitle }: { title: ReactNode; subtitle?: ReactNode }) {
  return (
    <Stack gap={6} mb="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }} lh={1.2}>
        {title}
      </Title>
      {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
    </Stack>
  );
}
