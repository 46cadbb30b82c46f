import { Accordion, Group, Text } from '@mantine/core';
import type { PetDocument } from '@pet/shared';
import { useState } from 'react';
import { formatDate } from '../../../lib/dates.ts';
import { DocumentEntry } from './DocumentEntry.tsx';

/** Spec 2 "List page behaviour": 500 ms for lists. */
export const LIST_ANIMATION_MS = 500;

interface DocumentListProps {
  items: readonly PetDocument[];
  /** After a delete: the list (spec 2 section 4). */
  onDeleted: () => void;
}

/** One expandable row per document: description left, date right (dd.MM.yyyy); open, its view mode. */
export function DocumentList({ items, onDeleted }: DocumentListProps) {
  const [open, setOpen] = useState<string | null>(null);
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
      {items.map((item) => (
        <Accordion.Item key={item.id} value={item.id} data-testid="document-row">
          <Accordion.Control>
            <Group justify="space-between" wrap="nowrap" gap="md" pr="xs">
              <Text fw={600} lineClamp={1} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {item.description}
              </Text>
              <Text size="sm" fw={600} component="time" dateTime={item.created_at}>
                {formatDate(item.created_at)}
              </Text>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <DocumentEntry
              item={item}
              onSaved={() => setOpen(null)}
              onDeleted={() => {
                setOpen(null);
                onDeleted();
              }}
            />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
