import { Accordion, Group, Stack, Text } from '@mantine/core';
import { displayDateToIso, isDueType, type MedicalListItem, type MedicalType } from '@pet/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditMedicalForm } from './EditMedicalForm.tsx';
import { rowDateOf } from './medicalRows.ts';

/** Spec 2 "List page behaviour": 500 ms for lists. */
export const LIST_ANIMATION_MS = 500;

interface MedicalListProps {
  type: MedicalType;
  items: readonly MedicalListItem[];
  /** After a delete: the category list (spec 2 section 4). */
  onDeleted: () => void;
}

function RowSummary({ type, item }: { type: MedicalType; item: MedicalListItem }) {
  const { t } = useTranslation('medical');
  const date = rowDateOf(item);
  const nextDue = isDueType(type) ? item.medical_next_due_date : null;
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" pr="xs">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {item.medical_name}
        </Text>
        {nextDue ? (
          <Text size="sm" c="dimmed">
            {t('list.nextDue', { date: nextDue })}
          </Text>
        ) : null}
      </Stack>
      {date ? (
        <Text size="sm" fw={600} component="time" dateTime={displayDateToIso(date) ?? undefined}>
          {date}
        </Text>
      ) : null}
    </Group>
  );
}

/** One expandable row per record: name left, date right; open, the row is its edit form. */
export function MedicalList({ type, items, onDeleted }: MedicalListProps) {
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
        <Accordion.Item key={item.medical_id} value={item.medical_id} data-testid="medical-row">
          <Accordion.Control>
            <RowSummary type={type} item={item} />
          </Accordion.Control>
          <Accordion.Panel>
            <EditMedicalForm
              type={type}
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
