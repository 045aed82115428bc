import type { DayMovement } from '@smart-zone/types/stats';
import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatCount } from '../../../lib/numbers';
import { DAY_STEPS, UNIT_STEPS, chartColumns, dayLabel, xRange } from './movements';

/** Received in blue, delivered in orange: told apart without red and green, and named in the legend beside them. */
const IN_COLOUR = '#0d6efd';
const OUT_COLOUR = '#fd7e14';
const AXIS = { stroke: '#495057', grid: { stroke: '#e9ecef' }, ticks: { stroke: '#dee2e6' } };

/** Below a phone's width the chart is lower, so the page still shows more than the chart. */
const heightFor = (width: number) => (width < 576 ? 220 : 280);

/** A series' units on the day under the cursor; with no day pointed at, over all the days. */
const units = (plot: uPlot, value: number | null, series: number, index: number | null) =>
  formatCount(index == null ? (plot.data[series] as number[]).reduce((sum, units) => sum + units, 0) : (value ?? 0));

/** The y axis as wide as its longest label (about 7 px a digit at uPlot's 12 px font), so 250,000 is whole. */
const labelsWidth = (_plot: uPlot, values: string[] | null) =>
  Math.max(3, ...(values ?? []).map((value) => value.length)) * 7 + 18;

function options(width: number): uPlot.Options {
  const bars = (align: -1 | 1) => uPlot.paths.bars!({ size: [0.42, 24], align, gap: 1 });
  return {
    width,
    height: heightFor(width),
    // Days are UTC midnights in seconds: a plain number scale, stepped in whole days, not the browser's time zone.
    scales: {
      x: { time: false, range: (_plot, min, max) => xRange(min, max) },
      y: { range: (_plot, _min, max) => [0, Math.max(max, 1) * 1.1] },
    },
    axes: [
      { ...AXIS, incrs: DAY_STEPS, space: 56, values: (_plot, splits) => splits.map(dayLabel) },
      { ...AXIS, incrs: UNIT_STEPS, size: labelsWidth, values: (_plot, splits) => splits.map(formatCount) },
    ],
    series: [
      { label: 'Day', value: (plot, value) => (value == null ? `all ${plot.data[0].length}` : dayLabel(value)) },
      {
        label: 'Received',
        stroke: IN_COLOUR,
        fill: `${IN_COLOUR}cc`,
        paths: bars(-1),
        points: { show: false },
        value: units,
      },
      {
        label: 'Delivered',
        stroke: OUT_COLOUR,
        fill: `${OUT_COLOUR}cc`,
        paths: bars(1),
        points: { show: false },
        value: units,
      },
    ],
    cursor: { drag: { x: false, y: false }, points: { show: false } },
  };
}

/**
 * Units received and delivered per day as grouped bars (uPlot on a canvas): drawn once,
 * then given new data when the stats change (live) and a new size when its
 * box does. Screen readers skip it: the page's caption and table say the same.
 */
export function MovementsChart({ days }: { days: readonly DayMovement[] }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const columns = useMemo(() => chartColumns(days), [days]);
  // Drawn with the first data; later data goes to the same chart (setData below).
  const [first] = useState(columns);

  useEffect(() => {
    const element = box.current!;
    const plot = new uPlot(options(element.clientWidth), first, element);
    chart.current = plot;
    const observer = new ResizeObserver(() => {
      const width = element.clientWidth;
      if (width !== plot.width) plot.setSize({ width, height: heightFor(width) });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
      chart.current = null;
    };
  }, [first]);

  useEffect(() => {
    chart.current?.setData(columns);
  }, [columns]);

  return <div ref={box} className="movements-chart" aria-hidden="true" data-testid="movements-chart" />;
}
