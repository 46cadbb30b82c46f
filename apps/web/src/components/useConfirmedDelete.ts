import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { confirmDestructive } from './confirmDestructive.tsx';

/**
 * The features whose locale files hold the texts of deleting one of their entries: `edit.confirmTitle`,
 * `edit.confirmText`, `edit.confirmDelete` (the red button) and `edit.deleted` (the notice afterwards).
 */
export type DeletingFeature = 'appointments' | 'contacts' | 'documents' | 'medical';

/** A delete mutation that takes no variables (TanStack Query's `mutate`). */
interface DeleteCall {
  mutate(variables: undefined, options: { onSuccess: () => void; onError: (error: unknown) => void }): void;
}

interface ConfirmedDelete {
  /** Whose texts the dialog and the notice show. */
  textsFrom: DeletingFeature;
  /** Values the confirmation text names (a contact's name). */
  textValues?: { name?: string; context?: string };
  remove: DeleteCall;
  /** The failure the form shows: null once the delete is confirmed (an earlier one goes), else the call's error. */
  showFailure: (error: unknown) => void;
  /** Deleted: after the notice (the list leaves the form, the page goes back). */
  onDeleted?: () => void;
}

/**
 * An entry's delete: a confirmation dialog, then the delete call, then the notice that it is gone. Returns
 * what the Delete button calls.
 */
export function useConfirmedDelete({
  textsFrom,
  textValues = {},
  remove,
  showFailure,
  onDeleted,
}: ConfirmedDelete): () => void {
  const { t } = useTranslation([textsFrom, 'common']);
  return () =>
    confirmDestructive({
      title: t(`${textsFrom}:edit.confirmTitle`),
      text: t(`${textsFrom}:edit.confirmText`, textValues),
      confirm: t(`${textsFrom}:edit.confirmDelete`),
      cancel: t('common:actions.cancel'),
      onConfirm: () => {
        showFailure(null);
        remove.mutate(undefined, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: t(`${textsFrom}:edit.deleted`) });
            onDeleted?.();
          },
          onError: showFailure,
        });
      },
    });
}
