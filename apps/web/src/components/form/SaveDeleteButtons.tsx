import { Button, Flex } from '@mantine/core';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';

interface SaveDeleteButtonsProps {
  saveLabel: string;
  deleteLabel: string;
  /** Asks for a confirmation first (the caller's dialog), then deletes. */
  onDelete: () => void;
  saving: boolean;
  deleting: boolean;
  /** Save is offered once something changed. */
  canSave: boolean;
}

/**
 * The buttons of an inline edit form: Delete and Save (the form's submit). While either call runs both are
 * disabled. Phones: full-width buttons, Save on top.
 */
export function SaveDeleteButtons({
  saveLabel,
  deleteLabel,
  onDelete,
  saving,
  deleting,
  canSave,
}: SaveDeleteButtonsProps) {
  const busy = saving || deleting;
  return (
    <Flex direction={{ base: 'column-reverse', xs: 'row' }} gap="sm">
      <Button
        variant="outline"
        color="red"
        leftSection={<IconTrash size={16} stroke={1.7} />}
        onClick={onDelete}
        loading={deleting}
        disabled={busy}
      >
        {deleteLabel}
      </Button>
      <Button
        type="submit"
        leftSection={<IconDeviceFloppy size={16} stroke={1.7} />}
        loading={saving}
        disabled={busy || !canSave}
      >
        {saveLabel}
      </Button>
    </Flex>
  );
}
