import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { WeightChart } from './WeightChart.tsx';

// Newest first, as the pet keeps them; the chart reads oldest to newest.
const WEIGHTS = [
  { weight: 13.1, date: '01.06.2024' },
  { weight: 12.5, date: '01.04.2024' },
  { weight: 11.25, date: '01.02.2024' },
];

function renderChart(weights: ReadonlyArray<{ weight: number; date: string }>, language: 'en' | 'de' = 'en') {
  const view = renderRoutes([{ path: '/', element: <WeightChart weights={weights} /> }], { language });
  const chart = screen.getByRole('group', { name: /^Weight chart|^Gewichtsverlauf/ });
  return { ...view, chart };
}

const svgTexts = (testId: string) =>
  [...screen.getByTestId(testId).querySelectorAll('text')].map((text) => text.textContent);
const announced = () => screen.getByTestId('weight-announcement').textContent;
const tooltip = () => screen.queryByTestId('weight-tooltip')?.textContent ?? null;
const dotX = (i: number) =>
  screen.getByTestId('weight-dots').querySelectorAll('circle')[i]?.getAttribute('cx');
const activeDotX = () => screen.getByTestId('weight-active-dot').getAttribute('cx');
const key = (chart: HTMLElement, name: string) => fireEvent.keyDown(chart, { key: name });

describe('weight chart', () => {
  it('draws one line through a dot per weighing, oldest to newest, and labels the latest', () => {
    const { chart } = renderChart(WEIGHTS);
    expect(chart.getAttribute('tabindex')).toBe('0');
    expect(
      screen.getByRole('group', {
        name: 'Weight chart, oldest to newest. Latest weighing: 13.1 kg on 01.06.2024.',
      }),
    ).toBe(chart);
    const line = screen.getByTestId('weight-line');
    const xy = (line.getAttribute('points') ?? '').split(' ').map((p) => p.split(',').map(Number));
    expect(xy).toHaveLength(3);
    const dots = screen.getByTestId('weight-dots').querySelectorAll('circle');
    expect([...dots].map((dot) => [Number(dot.getAttribute('cx')), Number(dot.getAttribute('cy'))])).toEqual(
      xy.map(([x, y]) => [expect.closeTo(x ?? 0, 0), expect.closeTo(y ?? 0, 0)]),
    );
    // Left to right in time, and the heavier the higher (smaller y).
    const xs = xy.map(([x]) => x ?? 0);
    const ys = xy.map(([, y]) => y ?? 0);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    expect(ys).toEqual([...ys].sort((a, b) => b - a));
    // A time axis: two months apart each, so the steps are (nearly) equal.
    expect((xs[1] ?? 0) - (xs[0] ?? 0)).toBeCloseTo((xs[2] ?? 0) - (xs[1] ?? 0), -1);
    expect(screen.queryByTestId('weight-tooltip')).toBeNull();
  });

  it('shows the weighing days and round kg ticks on the axes', () => {
    renderChart(WEIGHTS);
    expect(svgTexts('weight-x-axis')).toEqual(['01.02.2024', '01.04.2024', '01.06.2024']);
    expect(svgTexts('weight-y-axis')).toEqual(['11', '11.5', '12', '12.5', '13', '13.5']);
    // A grid line per tick, both ways.
    expect(screen.getByTestId('weight-grid').querySelectorAll('line')).toHaveLength(6 + 3);
  });

  it('steps through the weighings with the arrow keys, Home and End, announcing each', () => {
    const { chart } = renderChart(WEIGHTS);
    expect(announced()).toBe('');
    key(chart, 'ArrowRight');
    expect(announced()).toBe('11.25 kg on 01.02.2024');
    expect(tooltip()).toBe('01.02.2024Weight11.25 kg');
    expect(activeDotX()).toBe(dotX(0));
    key(chart, 'ArrowRight');
    expect(announced()).toBe('12.5 kg on 01.04.2024');
    expect(tooltip()).toBe('01.04.2024Weight12.5 kg');
    key(chart, 'ArrowLeft');
    expect(announced()).toBe('11.25 kg on 01.02.2024');
    // Past the first stays on the first.
    key(chart, 'ArrowLeft');
    expect(announced()).toBe('11.25 kg on 01.02.2024');
    key(chart, 'End');
    expect(announced()).toBe('13.1 kg on 01.06.2024');
    expect(tooltip()).toBe('01.06.2024Weight13.1 kg');
    expect(activeDotX()).toBe(dotX(2));
    key(chart, 'Home');
    expect(announced()).toBe('11.25 kg on 01.02.2024');
  });

  it('Escape hides the tooltip and the emphasis', () => {
    const { chart } = renderChart(WEIGHTS);
    key(chart, 'End');
    expect(tooltip()).not.toBeNull();
    key(chart, 'Escape');
    expect(tooltip()).toBeNull();
    expect(screen.queryByTestId('weight-active-dot')).toBeNull();
    expect(announced()).toBe('');
  });

  it('the pointer shows the nearest weighing without announcing it', () => {
    renderChart(WEIGHTS);
    const svg = screen.getByTestId('weight-line').closest('svg') as SVGSVGElement;
    const dots = screen.getByTestId('weight-dots').querySelectorAll('circle');
    const x = Number(dots[1]?.getAttribute('cx'));
    // jsdom lays nothing out: the svg's box is at 0,0, so client coordinates are the chart's own.
    fireEvent.pointerMove(svg, { clientX: x + 5, clientY: 100 });
    expect(tooltip()).toBe('01.04.2024Weight12.5 kg');
    expect(announced()).toBe('');
    fireEvent.pointerLeave(svg);
    expect(tooltip()).toBeNull();
  });

  it('speaks German in German', () => {
    const { chart } = renderChart(WEIGHTS, 'de');
    expect(
      screen.getByRole('group', {
        name: 'Gewichtsverlauf, von alt nach neu. Letzte Wiegung: 13,1 kg am 01.06.2024.',
      }),
    ).toBe(chart);
    expect(document.getElementById(chart.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /Pfeiltasten/,
    );
    expect(svgTexts('weight-y-axis')).toEqual(['11', '11,5', '12', '12,5', '13', '13,5']);
    key(chart, 'ArrowLeft');
    expect(announced()).toBe('13,1 kg am 01.06.2024');
    expect(tooltip()).toBe('01.06.2024Gewicht13,1 kg');
  });

  it('draws a single weighing in the middle of its day', () => {
    const { chart } = renderChart([{ weight: 4.2, date: '10.10.2024' }]);
    expect(screen.getByTestId('weight-dots').querySelectorAll('circle')).toHaveLength(1);
    expect(svgTexts('weight-x-axis')).toEqual(['10.10.2024']);
    const [x] = (screen.getByTestId('weight-line').getAttribute('points') ?? '').split(',').map(Number);
    const [x1 = 0, x2 = 0] = [...screen.getByTestId('weight-grid').querySelectorAll('line')]
      .filter((line) => line.getAttribute('y1') === line.getAttribute('y2'))
      .slice(0, 1)
      .flatMap((line) => [Number(line.getAttribute('x1')), Number(line.getAttribute('x2'))]);
    expect(x).toBeCloseTo((x1 + x2) / 2, 0);
    key(chart, 'End');
    expect(announced()).toBe('4.2 kg on 10.10.2024');
    key(chart, 'ArrowRight');
    expect(announced()).toBe('4.2 kg on 10.10.2024');
  });

  it('draws hundreds of weighings as one line with a dot each', () => {
    const weights = Array.from({ length: 1000 }, (_, i) => ({
      weight: 10 + Math.sin(i / 20),
      date: new Date(Date.UTC(2020, 0, 1 + i)).toISOString().slice(0, 10).split('-').reverse().join('.'),
    }));
    const { chart } = renderChart(weights);
    expect(screen.getAllByTestId('weight-line')).toHaveLength(1);
    expect(screen.getByTestId('weight-dots').querySelectorAll('circle')).toHaveLength(1000);
    expect(svgTexts('weight-x-axis')).toHaveLength(4);
    key(chart, 'End');
    expect(announced()).toBe(
      `${new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(10 + Math.sin(999 / 20))} kg on 26.09.2022`,
    );
  });
});
