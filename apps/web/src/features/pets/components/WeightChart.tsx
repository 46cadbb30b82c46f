import { Box, Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import { type KeyboardEvent, type PointerEvent, useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../../config/brand.tsx';
import { formatDecimal } from '../../../lib/decimal.ts';
import { currentLanguage } from '../../../lib/i18n/index.ts';
import { usePetTexts } from './usePetTexts.ts';
import { useWidth } from './useWidth.ts';
import { dayLabel, FALLBACK_WIDTH, FONT_PX, HEIGHT, layout, nearestIndex, TOP } from './weightChartLayout.ts';
import { weightSeries } from './weightSeries.ts';

/**
 * Weight in kg over time, oldest to newest, dates dd.MM.yyyy (the list beside it holds the same data). An SVG
 * of its own: one tab stop, the arrow keys (Home, End) step through the weighings, each announced politely.
 */
export function WeightChart({ weights }: { weights: ReadonlyArray<{ weight: number; date: string }> }) {
  const { t, i18n } = useTranslation('pets');
  const brand = useBrand();
  const texts = usePetTexts();
  const hintId = useId();
  const [boxRef, measured] = useWidth<HTMLDivElement>();
  const width = measured > 0 ? measured : FALLBACK_WIDTH;
  const points = useMemo(() => weightSeries(weights), [weights]);
  const language = currentLanguage(i18n);
  const geometry = useMemo(
    () => (points.length > 0 ? layout(points, width, (v) => formatDecimal(v, language, 1)) : null),
    [points, width, language],
  );
  /** The emphasised weighing and how it got there: only the keyboard's choice is announced. */
  const [active, setActive] = useState<{ index: number; byKey: boolean } | null>(null);
  const color = `var(--mantine-color-${brand.color}-6)`;

  // The line and the dots change with the data and the width, not with the pointer: built once per layout,
  // so hovering over a thousand weighings re-renders only the tooltip.
  const series = useMemo(() => {
    if (!geometry) return null;
    const { xs, ys } = geometry;
    const line = xs.map((x, i) => `${x.toFixed(1)},${(ys[i] ?? 0).toFixed(1)}`).join(' ');
    // Dense weighings (more than one per 6 px) get small dots without the ring, which would pale the line.
    const dense = xs.length > (geometry.right - geometry.left) / 6;
    return (
      <>
        <polyline
          data-testid="weight-line"
          points={line}
          fill="none"
          stroke={color}
          strokeWidth={2}
          strokeLinejoin="round"
          strokeLinecap="round"
        />
        <g
          data-testid="weight-dots"
          fill={color}
          stroke={dense ? 'none' : 'var(--mantine-color-body)'}
          strokeWidth={1}
        >
          {xs.map((x, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the points are sorted and never reordered in place
            <circle key={i} cx={x} cy={ys[i]} r={dense ? 1.5 : 3.5} />
          ))}
        </g>
      </>
    );
  }, [geometry, color]);

  const onPointer = useCallback(
    (event: PointerEvent<SVGSVGElement>) => {
      if (!geometry) return;
      const box = event.currentTarget.getBoundingClientRect();
      const x = event.clientX - box.left;
      const y = event.clientY - box.top;
      if (x < geometry.left || x > geometry.right || y < 0 || y > geometry.bottom) {
        setActive((current) => (current?.byKey ? current : null));
        return;
      }
      const index = nearestIndex(geometry.xs, x);
      setActive((current) =>
        current?.index === index && !current.byKey ? current : { index, byKey: false },
      );
    },
    [geometry],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = points.length - 1;
    const index = active?.index;
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = index === undefined ? 0 : Math.min(last, index + 1);
        break;
      case 'ArrowLeft':
        next = index === undefined ? last : Math.max(0, index - 1);
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = last;
        break;
      case 'Escape':
        if (!active) return;
        setActive(null);
        event.preventDefault();
        return;
      default:
        return;
    }
    event.preventDefault();
    setActive({ index: next, byKey: true });
  };

  const latest = points[points.length - 1];
  if (!latest || !geometry) return null;

  const point = active ? points[active.index] : undefined;
  const px = active ? (geometry.xs[active.index] ?? 0) : 0;
  const py = active ? (geometry.ys[active.index] ?? 0) : 0;
  const pointText = point
    ? t('weights.point', { weight: texts.kg(point.weight), date: dayLabel(point.time) })
    : '';
  // The tooltip sits beside the point, on the side with more room, and stays inside the chart's height.
  const onLeft = px > width / 2;
  const tooltipTop = Math.min(Math.max(py, 30), HEIGHT - 30);

  return (
    <Box>
      <Text size="xs" c="dimmed" fw={600} mb={4} aria-hidden>
        {t('weights.axisUnit')}
      </Text>
      <Box
        ref={boxRef}
        pos="relative"
        h={HEIGHT}
        role="group"
        tabIndex={0}
        className="mantine-focus-auto"
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        aria-label={t('weights.chartLabel', { weight: texts.kg(latest.weight), date: dayLabel(latest.time) })}
        aria-describedby={hintId}
        onKeyDown={onKeyDown}
        onBlur={() => setActive(null)}
      >
        <svg
          width={width}
          height={HEIGHT}
          aria-hidden
          focusable="false"
          style={{ display: 'block', overflow: 'visible', touchAction: 'pan-y' }}
          onPointerMove={onPointer}
          onPointerDown={onPointer}
          onPointerLeave={() => setActive((current) => (current?.byKey ? current : null))}
        >
          <g
            stroke="var(--mantine-color-default-border)"
            strokeDasharray="4 4"
            shapeRendering="crispEdges"
            data-testid="weight-grid"
          >
            {geometry.yTicks.map((tick) => (
              <line key={`y${tick.label}`} x1={geometry.left} x2={geometry.right} y1={tick.y} y2={tick.y} />
            ))}
            {geometry.xTicks.map((tick) => (
              <line key={`x${tick.label}`} x1={tick.x} x2={tick.x} y1={TOP} y2={geometry.bottom} />
            ))}
          </g>
          <g fill="var(--mantine-color-dimmed)" fontSize={FONT_PX} data-testid="weight-y-axis">
            {geometry.yTicks.map((tick) => (
              <text
                key={tick.label}
                x={geometry.left - 8}
                y={tick.y}
                textAnchor="end"
                dominantBaseline="central"
              >
                {tick.label}
              </text>
            ))}
          </g>
          <g fill="var(--mantine-color-dimmed)" fontSize={FONT_PX} data-testid="weight-x-axis">
            {geometry.xTicks.map((tick) => (
              <text key={tick.label} x={tick.labelX} y={geometry.bottom + 18} textAnchor="middle">
                {tick.label}
              </text>
            ))}
          </g>
          {active ? (
            <line
              x1={px}
              x2={px}
              y1={TOP}
              y2={geometry.bottom}
              stroke="var(--mantine-color-dimmed)"
              strokeOpacity={0.5}
            />
          ) : null}
          {series}
          {active ? (
            <circle
              data-testid="weight-active-dot"
              cx={px}
              cy={py}
              r={6}
              fill={color}
              stroke="var(--mantine-color-body)"
              strokeWidth={2}
            />
          ) : null}
        </svg>
        {point ? (
          <Paper
            aria-hidden
            data-testid="weight-tooltip"
            withBorder
            shadow="md"
            radius="sm"
            px="sm"
            py={6}
            style={{
              position: 'absolute',
              top: tooltipTop,
              left: px,
              pointerEvents: 'none',
              whiteSpace: 'nowrap',
              transform: `translate(${onLeft ? 'calc(-100% - 12px)' : '12px'}, -50%)`,
            }}
          >
            <Text size="xs" c="dimmed">
              {dayLabel(point.time)}
            </Text>
            <Group gap={6} wrap="nowrap">
              <Box w={8} h={8} bg={color} style={{ borderRadius: '50%' }} />
              <Text size="sm">{t('weights.series')}</Text>
              <Text size="sm" fw={600}>
                {texts.kg(point.weight)}
              </Text>
            </Group>
          </Paper>
        ) : null}
      </Box>
      <VisuallyHidden id={hintId}>{t('weights.chartHint')}</VisuallyHidden>
      <VisuallyHidden aria-live="polite" data-testid="weight-announcement">
        {active?.byKey ? pointText : ''}
      </VisuallyHidden>
    </Box>
  );
}
