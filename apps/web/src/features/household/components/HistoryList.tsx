import { Button, Pagination, Skeleton, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { errorTextKey } from '../../../lib/errors.ts';
import { householdHistoryQuery } from '../api/householdApi.ts';
import type { HouseholdPet } from './HouseholdCard.tsx';
import { useHistoryLine } from './householdTexts.ts';

/**
 * "History" on the pet's page, for the owner and co-owners (a sitter may not read it, and sees nothing):
 * who changed what and when, newest first, twenty a page. A former member's entries say so.
 */
export function HistoryList({ pet }: { pet: Pick<HouseholdPet, 'id' | 'name' | 'role'> }) {
  if (pet.role === 'sitter') return null;
  return <PetHistory pet={pet} />;
}

function PetHistory({ pet }: { pet: Pick<HouseholdPet, 'id' | 'name'> }) {
  const { t } = useTranslation(['household', 'errors', 'common']);
  const line = useHistoryLine();
  const [page, setPage] = useState(1);
  const history = useQuery(householdHistoryQuery(pet.id, page));
  const data = history.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  return (
    <SectionCard
      id="household-history-title"
      icon={IconHistory}
      title={t('history.title')}
      description={t('history.description', { name: pet.name })}
      p={{ base: 'md', sm: 'xl' }}
    >
      {history.isPending ? <Skeleton height={64} role="status" aria-label={t('history.loading')} /> : null}
      {history.isError ? (
        <Stack gap="sm" align="flex-start">
          <FormAlert>
            <Stack gap={2}>
              <span>{t('history.loadFailed')}</span>
              <span>{t(`errors:${errorTextKey(history.error)}`)}</span>
            </Stack>
          </FormAlert>
          <Button variant="light" onClick={() => void history.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Stack>
      ) : null}
      {data && data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('history.empty')}
        </Text>
      ) : null}
      {data && data.data.length > 0 ? (
        <Stack gap="md">
          <Stack
            gap={6}
            component="ol"
            p={0}
            m={0}
            style={{ listStyle: 'none', opacity: history.isPlaceholderData ? 0.6 : 1 }}
            aria-label={t('history.listLabel', { name: pet.name })}
            aria-busy={history.isPlaceholderData}
          >
            {data.data.map((entry) => (
              <Text component="li" size="sm" key={entry.id} data-testid="history-entry">
                {line(entry)}
                {' · '}
                <Text span c="dimmed" size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(entry.at)}
                </Text>
              </Text>
            ))}
          </Stack>
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': t(`history.pagination.${control}`) })}
            />
          ) : null}
        </Stack>
      ) : null}
    </SectionCard>
  );
}
