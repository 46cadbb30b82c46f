import { Group, Stack, Text } from '@mantine/core';
import { displayDateToIso, isDueType, type MedicalListItem, type MedicalType } from '@pet/shared';
import { useTranslation } from 'react-i18next';
import { RecordAccordion } from '../../../components/RecordAccordion.tsx';
import { EditMedicalForm } from './EditMedicalForm.tsx';
import { MedicalDetails } from './MedicalDetails.tsx';
import { rowDateOf } from './medicalRows.ts';

interface MedicalListProps {
  type: MedicalType;
  items: readonly MedicalListItem[];
  /** After a delete: the category list (spec 2 section 4). */
  onDeleted: () => void;
  /** A sitter's: each row opens into the record's details, no edit or delete (issue 45). */
  readOnly?: boolean;
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

/** One expandable row per record: name left, date right; open, the row is its edit form (a reader's: details). */
export function MedicalList({ type, items, onDeleted, readOnly = false }: MedicalListProps) {
  return (
    <RecordAccordion
      items={items}
      idOf={(item) => item.medical_id}
      rowTestId="medical-row"
      summary={(item) => <RowSummary type={type} item={item} />}
      panel={(item, close) =>
        readOnly ? (
          <MedicalDetails item={item} />
        ) : (
          <EditMedicalForm
            type={type}
            item={item}
            onSaved={close}
            onDeleted={() => {
              close();
              onDeleted();
            }}
          />
        )
      }
    />
  );
}
