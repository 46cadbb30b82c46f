import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

interface ConfirmDestructive {
  title: string;
  text: string;
  /** The red button's label, naming what happens ("Delete document", "Revoke"). */
  confirm: string;
  cancel: string;
  onConfirm: () => void;
}

/** The confirmation before something cannot be undone (a delete, a revoke, a replaced password). */
export function confirmDestructive({ title, text, confirm, cancel, onConfirm }: ConfirmDestructive): void {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{text}</Text>,
    labels: { confirm, cancel },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
