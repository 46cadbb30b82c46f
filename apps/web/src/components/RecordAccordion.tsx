import { Accordion } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { LIST_ANIMATION_MS } from '../lib/animations.ts';

/** Spec 2 "List page behaviour": 500 ms for lists. */

interface RecordAccordionProps<T> {
  items: readonly T[];
  idOf: (item: T) => string;
  /** Each row's test id (e2e finds the rows by it). */
  rowTestId: string;
  /** The closed row: name or description left, date right. */
  summary: (item: T) => ReactNode;
  /** The open row; `close` collapses it (after a save or a delete, spec 2 section 4). */
  panel: (item: T, close: () => void) => ReactNode;
}

/**
 * A list page's records (spec 2 "List page behaviour"): one expandable row each, at most one open, its
 * content mounted only while open.
 */
export function RecordAccordion<T>({ items, idOf, rowTestId, summary, panel }: RecordAccordionProps<T>) {
  const [open, setOpen] = useState<string | null>(null);
  const close = () => setOpen(null);
  return (
    <Accordion
      variant="separated"
      radius="md"
      order={3}
      transitionDuration={LIST_ANIMATION_MS}
      keepMounted={false}
      value={open}
      onChange={setOpen}
      styles={{ item: { backgroundColor: 'var(--mantine-color-body)' } }}
    >
      {items.map((item) => {
        const id = idOf(item);
        return (
          <Accordion.Item key={id} value={id} data-testid={rowTestId}>
            <Accordion.Control>{summary(item)}</Accordion.Control>
            <Accordion.Panel>{panel(item, close)}</Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}
