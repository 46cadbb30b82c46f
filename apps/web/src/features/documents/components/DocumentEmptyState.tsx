import { IconFolderOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AddPlusButton } from '../../../components/AddPlusButton.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';

interface DocumentEmptyStateProps {
  addLabel: string;
  addTo: string;
  /** At the limit the button is disabled and the limit message above says why: no prompt to press it. */
  mayAdd: boolean;
  deciding: boolean;
  /** A sitter's: no add prompt, no button (issue 45). */
  readOnly?: boolean;
}

/** A list without documents: an empty-data prompt with a plus button (spec 2 "List page behaviour"). */
export function DocumentEmptyState({
  addLabel,
  addTo,
  mayAdd,
  deciding,
  readOnly = false,
}: DocumentEmptyStateProps) {
  const { t } = useTranslation('documents');
  return (
    <EmptyState
      icon={IconFolderOpen}
      title={t('empty.title')}
      text={mayAdd && !readOnly ? t('empty.text') : undefined}
      action={
        readOnly ? null : (
          <AddPlusButton label={addLabel} to={addTo} disabled={!mayAdd || deciding} variant="labelled" />
        )
      }
    />
  );
}
