import { Badge, Group, Text } from '@mantine/core';
import type { PetDocument } from '@pet/shared';
import { useTranslation } from 'react-i18next';
import { RecordAccordion } from '../../../components/RecordAccordion.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { type DocumentAccess, DocumentEntry, OWNER_ACCESS } from './DocumentEntry.tsx';
import { VisibleToSittersBadge } from './VisibleToSittersBadge.tsx';

interface DocumentListProps {
  items: readonly PetDocument[];
  /** After a delete: the list (spec 2 section 4). */
  onDeleted: () => void;
  /** What the user's role allows with the pet's documents (issue 45); the owner's when absent. */
  access?: DocumentAccess;
}

/**
 * One expandable row per document: description left, date right (dd.MM.yyyy), a badge on a read-only one
 * (beyond the plan's documents_limit) and, for the owner and co-owners, on one the sitters see; open, its
 * view mode.
 */
export function DocumentList({ items, onDeleted, access = OWNER_ACCESS }: DocumentListProps) {
  const { t } = useTranslation('documents');
  return (
    <RecordAccordion
      items={items}
      idOf={(item) => item.id}
      rowTestId="document-row"
      summary={(item) => (
        <Group justify="space-between" wrap="nowrap" gap="md" pr="xs">
          <Text fw={600} lineClamp={1} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {item.description}
          </Text>
          <Group gap="xs" wrap="nowrap">
            {access.write && item.visible_to_sitters && <VisibleToSittersBadge />}
            {item.read_only && (
              <Badge variant="light" color="gray" data-testid="document-read-only">
                {t('view.readOnly')}
              </Badge>
            )}
            <Text size="sm" fw={600} component="time" dateTime={item.created_at}>
              {formatDate(item.created_at)}
            </Text>
          </Group>
        </Group>
      )}
      panel={(item, close) => (
        <DocumentEntry
          item={item}
          access={access}
          onSaved={close}
          onDeleted={() => {
            close();
            onDeleted();
          }}
        />
      )}
    />
  );
}
