import { displayDateToIso } from '@pet/shared';

// The chart's points: the pet keeps its weights newest first; the chart reads time from left to right.

export interface WeightPoint {
  /** Midnight UTC of the weighing day, in ms: a time axis spaces irregular weighings truly. */
  time: number;
  weight: number;
}

export function weightSeries(weights: ReadonlyArray<{ weight: number; date: string }>): WeightPoint[] {
  return weights
    .map((w) => {
      const iso = displayDateToIso(w.date);
      return iso ? { time: Date.parse(`${iso}T00:00:00Z`), weight: w.weight } : null;
    })
    .filter((p): p is WeightPoint => p !== null)
    .sort((a, b) => a.time - b.time);
}

/** At most `max` tick positions on weighing days: the first, the last and evenly spread ones between. */
export function weightTicks(points: readonly WeightPoint[], max = 4): number[] {
  const days = [...new Set(points.map((p) => p.time))];
  if (days.length <= max) return days;
  const step = (days.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => days[Math.round(i * step)] ?? 0);
}

/** A single day gets a day of room on both sides, so its point is not drawn on the axis' edge. */
export function weightDomain(points: readonly WeightPoint[]): [number, number] {
  const DAY = 86_400_000;
  const first = points[0]?.time ?? 0;
  const last = points[points.length - 1]?.time ?? first;
  return first === last ? [first - DAY, last + DAY] : [first, last];
}

const STEPS = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];

/** Round kg ticks (about five) around the weights, so the axis reads 10, 12, 14 rather than 10.5, 11.6. */
export function weightAxis(points: readonly WeightPoint[]): { domain: [number, number]; ticks: number[] } {
  const weights = points.map((p) => p.weight);
  const min = Math.min(...weights);
  const max = Math.max(...weights);
  // A flat history still gets a readable scale: at least 10 % of the weight (0.4 kg for small animals).
  const span = Math.max(max - min, Math.max(0.4, max * 0.1));
  const step = STEPS.find((s) => span / s <= 4) ?? 1000;
  let lo = Math.floor(min / step) * step;
  let hi = Math.ceil(max / step) * step;
  // A flat line (or a point exactly on a tick) gets room above and below.
  if (lo === min && lo > 0) lo -= step;
  if (hi === max) hi += step;
  lo = Math.max(0, lo);
  const round = (v: number) => Math.round(v * 10) / 10;
  const ticks: number[] = [];
  for (let v = lo; v <= hi + step / 2; v += step) ticks.push(round(v));
  return { domain: [round(lo), round(hi)], ticks };
}
