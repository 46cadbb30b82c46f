import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageHeader({ title, subtitle }: { title: ReactNode; subtitle?: ReactNode }) {
  return (
    <Stack gap={4} mb="lg">
      <Title order={1} fz={{ base: 26, sm: 30 }}>
        {title}
      </Title>
      {subtitle ? (
        <Text c="dimmed" size="md">
          {subtitle}
        </Text>
      ) : null}
    </Stack>
  );
}
