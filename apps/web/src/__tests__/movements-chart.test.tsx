import { render } from '@testing-library/react';
import { type DayMovement, statsDays } from '@smart-zone/types/stats';
import type uPlot from 'uplot';
import { MovementsChart } from '../features/dashboard/components/MovementsChart';
import {
  UNIT_STEPS,
  chartColumns,
  dayLabel,
  daySeconds,
  movementTotals,
  xRange,
} from '../features/dashboard/components/movements';

// uPlot itself needs a canvas (jsdom has none): here it is replaced at its module, and the test checks what
// the component asks of it: drawn once into its box with the days' columns, new data into the same chart,
// a new size when its box changes width, gone when the page is.
interface FakePlot {
  width: number;
  setData: jest.Mock;
  setSize: jest.Mock;
  destroy: jest.Mock;
}
const mockPlots: { options: uPlot.Options; data: uPlot.AlignedData; target: HTMLElement; plot: FakePlot }[] = [];
jest.mock('uplot', () => {
  const Plot = jest.fn(function (
    this: Record<string, unknown>,
    options: uPlot.Options,
    data: uPlot.AlignedData,
    target: HTMLElement,
  ) {
    const plot: FakePlot = { width: options.width, setData: jest.fn(), setSize: jest.fn(), destroy: jest.fn() };
    mockPlots.push({ options, data, target, plot });
    return plot;
  });
  return { __esModule: true, default: Object.assign(Plot, { paths: { bars: jest.fn(() => 'bars') } }) };
});

const resize: (() => void)[] = [];
beforeEach(() => {
  mockPlots.length = 0;
  resize.length = 0;
  globalThis.ResizeObserver = class {
    constructor(callback: () => void) {
      resize.push(callback);
    }
    observe() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

const DAYS = statsDays(new Date('2026-11-30T23:59:59.000Z'));
const ZERO = { received: 0, delivered: 0, removed: 0, corrections: 0, opening: 0, deletions: 0, in: 0, out: 0 };
const dayOf = (day: string, buckets: Partial<DayMovement> = {}): DayMovement => ({ ...ZERO, day, ...buckets });
/** Received: the day's index; delivered: `delivered` each day, and opening stock that the chart does not draw. */
const days = (delivered: number): DayMovement[] =>
  DAYS.map((day, index) => dayOf(day, { received: index, delivered, opening: 1000, in: index, out: delivered }));

describe('the movements chart', () => {
  test('drawn once, into its box, with the days as UTC midnights and their units received and delivered', () => {
    const { getByTestId, rerender, unmount } = render(<MovementsChart days={days(1)} />);
    expect(mockPlots).toHaveLength(1);
    const [{ options, data, target, plot }] = mockPlots as [(typeof mockPlots)[number]];
    expect(target).toBe(getByTestId('movements-chart'));
    expect(target).toHaveAttribute('aria-hidden', 'true');
    expect(data).toEqual(chartColumns(days(1)));
    expect(options.series.map((series) => series.label)).toEqual(['Day', 'Received', 'Delivered']);
    // The legend: the day pointed at and its units; none pointed at, the units over all the days.
    const legend = (series: number, value: number | null, index: number | null) =>
      (options.series[series]!.value as (...args: unknown[]) => string)({ data }, value, series, index);
    expect(legend(0, daySeconds('2026-11-03'), 2)).toBe('Nov 3');
    expect(legend(1, 2, 2)).toBe('2');
    expect(legend(0, null, null)).toBe('all 30');
    expect(legend(1, null, null)).toBe('435');
    expect(legend(2, null, null)).toBe('30');

    // New stats: the same chart, new data.
    rerender(<MovementsChart days={days(2)} />);
    expect(mockPlots).toHaveLength(1);
    expect(plot.setData).toHaveBeenLastCalledWith(chartColumns(days(2)));

    // Its box got wider: the same chart, a new size (phone-height below 576 px).
    Object.defineProperty(target, 'clientWidth', { configurable: true, value: 500 });
    resize.forEach((callback) => callback());
    expect(plot.setSize).toHaveBeenLastCalledWith({ width: 500, height: 220 });

    unmount();
    expect(plot.destroy).toHaveBeenCalled();
  });
});

describe('the chart’s numbers', () => {
  test('days are seconds at their UTC midnight, named in UTC whatever the browser’s zone', () => {
    expect(daySeconds('2026-11-03')).toBe(Date.UTC(2026, 10, 3) / 1000);
    expect(dayLabel(daySeconds('2026-11-03'))).toBe('Nov 3');
    expect(dayLabel(daySeconds('2027-01-01'))).toBe('Jan 1');
  });

  test('columns keep the API’s order: oldest first, today last', () => {
    const [xs, ins, outs] = chartColumns(days(4));
    expect(xs).toHaveLength(30);
    expect(xs[0]).toBe(daySeconds('2026-11-01'));
    expect(xs.at(-1)).toBe(daySeconds('2026-11-30'));
    expect(ins.slice(0, 3)).toEqual([0, 1, 2]);
    expect(outs.every((out) => out === 4)).toBe(true);
  });

  test('totals each bucket, whether anything moved, and the first day with the most delivered', () => {
    const moved = DAYS.map((day) => dayOf(day));
    moved[3] = dayOf(DAYS[3]!, { received: 5, delivered: 7, corrections: -2 });
    moved[9] = dayOf(DAYS[9]!, { received: 1, delivered: 7, removed: 4 });
    moved[20] = dayOf(DAYS[20]!, { delivered: 2, opening: 9, deletions: 3 });
    expect(movementTotals(moved)).toEqual({
      received: 6,
      delivered: 16,
      removed: 4,
      corrections: -2,
      opening: 9,
      deletions: 3,
      moved: true,
      busiest: moved[3],
    });
    expect(movementTotals(DAYS.map((day) => dayOf(day, { received: 3 })))).toMatchObject({
      received: 90,
      delivered: 0,
      busiest: undefined,
    });
    // A restock and its undo on one day: nothing moved.
    expect(movementTotals(DAYS.map((day) => dayOf(day))).moved).toBe(false);
  });

  test('half a day either side of the first and last days; whole units on the y axis', () => {
    expect(xRange(86_400, 172_800)).toEqual([43_200, 216_000]);
    expect(UNIT_STEPS.slice(0, 7)).toEqual([1, 2, 5, 10, 20, 50, 100]);
    expect(UNIT_STEPS.every(Number.isInteger)).toBe(true);
  });
});
