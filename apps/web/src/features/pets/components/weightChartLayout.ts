import { DATE_FORMAT } from '@pet/shared/constants';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { type WeightPoint, weightAxis, weightDomain, weightTicks } from './weightSeries.ts';

// The weight chart's geometry: where the weighings, ticks and labels go for a width (WeightChart.tsx draws
// them). No React here, so the numbers are tested without a page.

dayjs.extend(utc);

/** Points are midnight UTC: formatted in UTC, so a browser west of Greenwich does not show the day before. */
export const dayLabel = (time: number) => dayjs.utc(time).format(DATE_FORMAT);

export const HEIGHT = 260;
/** Until the box is measured (and where nothing can measure it, as jsdom): a typical width of the column. */
export const FALLBACK_WIDTH = 600;
export const TOP = 12;
const RIGHT = 12;
/** Room under the plot for the date labels. */
const BOTTOM = 28;
/** The first and last weighing sit this far inside the plot, off the y-axis and the right edge. */
const PAD_X = 16;
export const FONT_PX = 12;
/** A rough width of a label in the axis font (digits and dots, no measuring). */
const textWidth = (text: string) => text.length * FONT_PX * 0.6;

/** The index of the point whose x is nearest to `x` (xs ascending). */
export function nearestIndex(xs: readonly number[], x: number): number {
  let lo = 0;
  let hi = xs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((xs[mid] ?? 0) < x) lo = mid + 1;
    else hi = mid;
  }
  if (lo > 0 && x - (xs[lo - 1] ?? 0) <= (xs[lo] ?? 0) - x) return lo - 1;
  return lo;
}

export interface Layout {
  left: number;
  right: number;
  bottom: number;
  xs: number[];
  ys: number[];
  xTicks: { x: number; labelX: number; label: string }[];
  yTicks: { y: number; label: string }[];
}

export function layout(points: readonly WeightPoint[], width: number, yLabel: (v: number) => string): Layout {
  const axis = weightAxis(points);
  const yTickLabels = axis.ticks.map(yLabel);
  const left = Math.ceil(Math.max(32, ...yTickLabels.map(textWidth)) + 10);
  const right = Math.max(left + 2 * PAD_X + 1, width - RIGHT);
  const bottom = HEIGHT - BOTTOM;
  const [t0, t1] = weightDomain(points);
  const [w0, w1] = axis.domain;
  const x = (time: number) => left + PAD_X + ((time - t0) / (t1 - t0 || 1)) * (right - left - 2 * PAD_X);
  const y = (weight: number) => bottom - ((weight - w0) / (w1 - w0 || 1)) * (bottom - TOP);

  // Date labels: the last always, the others where they do not run into their right neighbour.
  const xTicks: Layout['xTicks'] = [];
  let nextLeft = Number.POSITIVE_INFINITY;
  for (const time of [...weightTicks(points)].reverse()) {
    const label = dayLabel(time);
    const half = textWidth(label) / 2;
    const labelX = Math.min(Math.max(x(time), half), width - half);
    if (labelX + half + 8 > nextLeft) continue;
    xTicks.unshift({ x: x(time), labelX, label });
    nextLeft = labelX - half;
  }
  return {
    left,
    right,
    bottom,
    xs: points.map((p) => x(p.time)),
    ys: points.map((p) => y(p.weight)),
    xTicks,
    yTicks: axis.ticks.map((tick, i) => ({ y: y(tick), label: yTickLabels[i] ?? '' })),
  };
}
