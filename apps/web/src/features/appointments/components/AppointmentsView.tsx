import { Button, Stack } from '@mantine/core';
import type { AppointmentListItem } from '@pet/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { PageLoader } from '../../../components/Loaders.tsx';
import { errorTextKey } from '../../../lib/errors.ts';
import { useFirstAnswerDeferred } from '../../../lib/useFirstAnswerDeferred.ts';
import { AppointmentList } from './AppointmentList.tsx';
import { AppointmentsEmptyState } from './AppointmentsEmptyState.tsx';

interface AppointmentsViewProps {
  list: UseQueryResult<AppointmentListItem[]>;
  showPetName: boolean;
  /** The add route of this list (the empty state's prompt). */
  addTo: string;
  /** A sitter's pet: no add prompt, rows open into their details (issue 45). */
  readOnly?: boolean;
}

/** A list's states: loading, failed (with retry), empty (add prompt), or the appointments. */
export function AppointmentsView({ list, showPetName, addTo, readOnly = false }: AppointmentsViewProps) {
  const { t } = useTranslation(['appointments', 'errors', 'common']);
  const items = useFirstAnswerDeferred(list.data);
  if (list.isError) {
    return (
      <Stack gap="sm" align="flex-start">
        <FormAlert>
          {t('list.loadFailed')} {t(`errors:${errorTextKey(list.error)}`)}
        </FormAlert>
        <Button variant="light" onClick={() => void list.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </Stack>
    );
  }
  if (!items) return <PageLoader />;
  if (items.length === 0) return <AppointmentsEmptyState addTo={addTo} readOnly={readOnly} />;
  return <AppointmentList items={items} showPetName={showPetName} readOnly={readOnly} />;
}
