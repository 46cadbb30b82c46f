import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled grid of plan cards, up to four a row. */
export function PlanGrid({ label, count, children }: { label: string; count: number; children: ReactNode }) {
  return (
    <SimpleGrid
      component="section"
      aria-label={label}
      cols={{ base: 1, sm: 2, lg: Math.min(4, count) }}
      spacing="lg"
    >
      {children}
    </SimpleGrid>
  );
}
