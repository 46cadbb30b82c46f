import { Button, Text } from '@mantine/core';
import { isoToDisplayDate } from '@pet/shared/domain/dates';
import { DOSE_DAYS_PER_PAGE } from '@pet/shared/domain/doses';
import { IconPill } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { clockIsoDate } from '../../../lib/clockTime.ts';
import { petDosesQuery } from '../api/dosesApi.ts';
import { DoseLog } from './DoseLog.tsx';
import { DoseSlots } from './DoseSlots.tsx';

/**
 * "Today's doses" on the pet's page (issue 49): its medications' doses of today on the user's calendar, to
 * tick once given, and the earlier days a week at a time. Every member sees it (a sitter ticks too). Shown
 * for a pet with a dose in the last week (read with today's: one request), so a medication that ended a few
 * days ago still leads to its log; a pet that never takes anything gets no card.
 */
export function PetDosesCard({ pet }: { pet: { id: string; name: string } }) {
  const { t } = useTranslation('doses');
  const todayIso = clockIsoDate();
  const today = isoToDisplayDate(todayIso);
  const week = useQuery(petDosesQuery(pet.id, today, DOSE_DAYS_PER_PAGE));
  const [logShown, setLogShown] = useState(false);
  if (!week.data || week.data.length === 0) return null;
  const ofToday = week.data.filter((dose) => dose.date === today);

  return (
    <SectionCard
      id="pet-doses-title"
      icon={IconPill}
      title={t('today.title')}
      description={t('today.subtitle', { name: pet.name })}
      p={{ base: 'md', sm: 'xl' }}
    >
      {ofToday.length > 0 ? (
        <DoseSlots doses={ofToday} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('today.none')}
        </Text>
      )}
      <Button
        variant="subtle"
        size="xs"
        mt="md"
        px={0}
        aria-expanded={logShown}
        onClick={() => setLogShown(!logShown)}
      >
        {t(logShown ? 'log.hide' : 'log.show')}
      </Button>
      {logShown ? <DoseLog petId={pet.id} todayIso={todayIso} /> : null}
    </SectionCard>
  );
}
