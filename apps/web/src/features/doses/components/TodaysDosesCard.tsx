import { Anchor, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { petPath } from '@pet/shared/paths';
import { IconPill } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { browserTimeZone } from '../../../lib/timeZone.ts';
import { todaysDosesQuery } from '../api/dosesApi.ts';
import { DoseSlots } from './DoseSlots.tsx';

/**
 * "Today's doses" on the dashboard (issue 49): every pet of the user's with a dose today (their own and the
 * ones shared with them), each with its doses to tick and who gave those ticked. Shown only when there is one.
 */
export function TodaysDosesCard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('doses');
  const titleId = useId();
  const today = useQuery({ ...todaysDosesQuery(browserTimeZone()), enabled });
  const pets = today.data ?? [];
  if (!enabled || pets.length === 0) return null;

  return (
    <Card withBorder padding="lg" mb="lg" component="section" aria-labelledby={titleId}>
      <Group gap="sm" mb="md" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light">
          <IconPill size={22} stroke={1.6} />
        </ThemeIcon>
        <div>
          <Title order={2} fz="lg" id={titleId}>
            {t('today.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('today.dashboardSubtitle')}
          </Text>
        </div>
      </Group>
      <Stack gap="lg">
        {pets.map((pet) => (
          <section
            key={pet.pet_id}
            aria-label={t('today.petLabel', { name: pet.pet_name })}
            data-testid="pet-doses"
          >
            <Anchor
              component={Link}
              to={petPath({ id: pet.pet_id, name: pet.pet_name })}
              fw={700}
              mb={6}
              display="inline-block"
            >
              {pet.pet_name}
            </Anchor>
            <DoseSlots doses={pet.doses} />
          </section>
        ))}
      </Stack>
    </Card>
  );
}
