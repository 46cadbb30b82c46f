import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Box, Text } from '@mantine/core';
import { DATE_FORMAT } from '@pet/shared/constants';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../../config/brand.tsx';
import { usePetTexts } from './usePetTexts.ts';
import { weightAxis, weightDomain, weightSeries, weightTicks } from './weightSeries.ts';

dayjs.extend(utc);

/** Points are midnight UTC: formatted in UTC, so a browser west of Greenwich does not show the day before. */
const dayLabel = (time: number) => dayjs.utc(time).format(DATE_FORMAT);

/** Weight in kg over time, oldest to newest, dates dd.MM.yyyy (the list beside it holds the same data). */
export function WeightChart({ weights }: { weights: ReadonlyArray<{ weight: number; date: string }> }) {
  const { t } = useTranslation('pets');
  const brand = useBrand();
  const texts = usePetTexts();
  const { i18n } = useTranslation();
  const points = useMemo(() => weightSeries(weights), [weights]);
  const axisNumber = useMemo(
    () => new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language, { maximumFractionDigits: 1 }),
    [i18n.resolvedLanguage, i18n.language],
  );
  const axis = useMemo(() => weightAxis(points), [points]);
  const latest = points[points.length - 1];
  if (!latest) return null;

  return (
    <Box
      role="img"
      aria-label={t('weights.chartLabel', { weight: texts.kg(latest.weight), date: dayLabel(latest.time) })}
    >
      <Text size="xs" c="dimmed" fw={600} mb={4} aria-hidden>
        {t('weights.axisUnit')}
      </Text>
      <LineChart
        h={260}
        data={points}
        dataKey="time"
        series={[{ name: 'weight', label: t('weights.series'), color: `${brand.color}.6` }]}
        curveType="linear"
        withDots
        gridAxis="xy"
        xAxisProps={{
          type: 'number',
          scale: 'time',
          domain: weightDomain(points),
          ticks: weightTicks(points),
          tickFormatter: dayLabel,
          padding: { left: 16, right: 16 },
        }}
        // Axis ticks are bare numbers under the "kg" caption; the tooltip carries the unit.
        yAxisProps={{
          domain: axis.domain,
          ticks: axis.ticks,
          width: 40,
          tickFormatter: (v: number) => axisNumber.format(v),
        }}
        valueFormatter={(value) => texts.kg(value)}
        tooltipProps={{ labelFormatter: (label) => dayLabel(Number(label)) }}
        tooltipAnimationDuration={150}
      />
    </Box>
  );
}
