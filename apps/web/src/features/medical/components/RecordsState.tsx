import { Button, Stack } from '@mantine/core';
import type { MedicalListItem } from '@pet/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { PageLoader } from '../../../components/Loaders.tsx';
import { errorTextKey } from '../../../lib/errors.ts';

interface RecordsStateProps {
  records: UseQueryResult<MedicalListItem[]>;
  /** What the page shows once the records are there. */
  children: (items: MedicalListItem[]) => ReactNode;
}

/** The pet's records loading, failed (with retry), or loaded. */
export function RecordsState({ records, children }: RecordsStateProps) {
  const { t } = useTranslation(['medical', 'errors', 'common']);
  if (records.isPending) return <PageLoader />;
  if (records.isError) {
    return (
      <Stack gap="sm" align="flex-start">
        <FormAlert>
          {t('overview.loadFailed')} {t(`errors:${errorTextKey(records.error)}`)}
        </FormAlert>
        <Button variant="light" onClick={() => void records.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </Stack>
    );
  }
  return <>{children(records.data)}</>;
}
