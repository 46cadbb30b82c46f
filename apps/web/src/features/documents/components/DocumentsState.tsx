import { Button, Stack } from '@mantine/core';
import type { DocumentList } from '@pet/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { PageLoader } from '../../../components/Loaders.tsx';
import { errorTextKey } from '../../../lib/errors.ts';

interface DocumentsStateProps {
  documents: UseQueryResult<DocumentList>;
  /** What the page shows once the list is there. */
  children: (list: DocumentList) => ReactNode;
}

/** The pet's documents loading, failed (with retry), or loaded. */
export function DocumentsState({ documents, children }: DocumentsStateProps) {
  const { t } = useTranslation(['documents', 'errors', 'common']);
  if (documents.isPending) return <PageLoader />;
  if (documents.isError) {
    return (
      <Stack gap="sm" align="flex-start">
        <FormAlert>
          {t('hub.loadFailed')} {t(`errors:${errorTextKey(documents.error)}`)}
        </FormAlert>
        <Button variant="light" onClick={() => void documents.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </Stack>
    );
  }
  return <>{children(documents.data)}</>;
}
