import { Anchor, Box, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import type { Pet } from '@pet/shared';
import { petPath } from '@pet/shared/paths';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canWrite } from '../../../lib/pets/petRole.ts';
import { WeightList } from './WeightList.tsx';

// The chart (an SVG of our own, a few KiB) loads after the page: the page shows first, the chart follows in a
// box of its own height, so nothing moves when it arrives.
const WeightChart = lazy(() => import('./WeightChart.tsx').then((m) => ({ default: m.WeightChart })));
const CHART_BOX_PX = 282;

/** The pet page's weight history: the chart beside the list (stacked on small screens). */
export function PetWeightPanel({ pet }: { pet: Pet }) {
  const { t } = useTranslation('pets');
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-label={t('weights.title')}>
      <Title order={2} fz="lg" mb="md">
        {t('weights.title')}
      </Title>
      {pet.weights.length === 0 ? (
        <Stack gap={4}>
          <WeightList weights={[]} />
          {canWrite(pet.role) ? (
            <Text size="sm">
              <Anchor component={Link} to={petPath(pet, 'my-pet')}>
                {t('weights.addOnEditPage')}
              </Anchor>
            </Text>
          ) : null}
        </Stack>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Suspense fallback={<Box mih={CHART_BOX_PX} />}>
              <WeightChart weights={pet.weights} />
            </Suspense>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Title order={3} fz="sm" c="dimmed" tt="uppercase" mb={4}>
              {t('weights.listTitle')}
            </Title>
            <WeightList weights={pet.weights} />
          </Grid.Col>
        </Grid>
      )}
    </Paper>
  );
}
