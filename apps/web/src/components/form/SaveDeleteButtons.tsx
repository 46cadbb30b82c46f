import { Button, Flex } from '@mantine/core';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface SaveDeleteButtonsProps {
  /** Whose locale file labels the buttons (`edit.save`, `edit.delete`). */
  textsFrom: 'appointments' | 'contacts' | 'medical';
  /** Asks for a confirmation first (the caller's dialog), then deletes. */
  onDelete: () => void;
  saving: boolean;
  deleting: boolean;
  /** Save is offered once something changed. */
  canSave: boolean;
}

/**
 * The buttons of an inline edit form: Delete and Save (the form's submit). While either call runs both are
 * disabled. At the form's end; phones: full-width buttons, Save on top.
 */
export function SaveDeleteButtons({
  textsFrom,
  onDelete,
  saving,
  deleting,
  canSave,
}: SaveDeleteButtonsProps) {
  const { t } = useTranslation(textsFrom);
  const busy = saving || deleting;
  return (
    <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
      <Button
        variant="outline"
        color="red"
        leftSection={<IconTrash size={16} stroke={1.7} />}
        onClick={onDelete}
        loading={deleting}
        disabled={busy}
      >
        {t('edit.delete')}
      </Button>
      <Button
        type="submit"
        leftSection={<IconDeviceFloppy size={16} stroke={1.7} />}
        loading={saving}
        disabled={busy || !canSave}
      >
        {t('edit.save')}
      </Button>
    </Flex>
  );
}
