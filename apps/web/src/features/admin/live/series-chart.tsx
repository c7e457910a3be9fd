import type { LiveSeries, LiveSeriesName } from '@outpost/contracts/game-data';
import { useEffect, useId, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { bucketLabel, chartPoints } from './chart-range';
import styles from './live.module.css';

/** uPlot and its styles, fetched once, when the first chart is drawn: nothing else loads them. */
let loading: Promise<typeof uPlot> | undefined;
function loadUPlot(): Promise<typeof uPlot> {
  loading ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([module]) => module.default);
  return loading;
}

const CHART_HEIGHT = 180;
// The site's palette (global.css): uPlot draws on a canvas, which reads no CSS variables.
const LINE = '#f09a4e';
const FILL = 'rgba(240, 154, 78, 0.15)';
const AXIS = '#b9ab93';
const GRID = '#2b2620';

function options(width: number, unit: string, hourly: boolean): uPlot.Options {
  const axis: uPlot.Axis = { stroke: AXIS, grid: { stroke: GRID, width: 1 }, ticks: { stroke: GRID, width: 1 } };
  return {
    width,
    height: CHART_HEIGHT,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: true }, y: { range: (_chart, _min, max) => [0, Math.max(1, max)] } },
    axes: [
      { ...axis, space: hourly ? 60 : 50 },
      { ...axis, size: 56, label: unit, labelSize: 16 },
    ],
    series: [{}, { stroke: LINE, fill: FILL, width: 2, points: { show: false } }],
  };
}

interface SeriesChartProps {
  title: string;
  unit: string;
  name: LiveSeriesName;
  series: LiveSeries;
  scale?: number | undefined;
}

/**
 * One series over the range as a line (uPlot, on a canvas sized to its frame), and the same values
 * as a table a screen reader or a keyboard can read, folded under the chart.
 */
export function SeriesChart({ title, unit, name, series, scale }: SeriesChartProps) {
  const frame = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const [failed, setFailed] = useState(false);
  const titleId = useId();
  const data = chartPoints(series, name, scale);
  const hourly = series.unit === 'hour';

  // One plot per chart and per unit of time; new data is drawn into it.
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    let stopped = false;
    let resize: ResizeObserver | undefined;
    loadUPlot()
      .then((UPlot) => {
        if (stopped) return;
        const plot = new UPlot(options(element.clientWidth || 320, unit, hourly), [[], []], element);
        chart.current = plot;
        resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: CHART_HEIGHT }));
        resize.observe(element);
      })
      .catch(() => setFailed(true));
    return () => {
      stopped = true;
      resize?.disconnect();
      chart.current?.destroy();
      chart.current = null;
    };
  }, [unit, hourly]);

  const [xs, ys] = data;
  const key = `${xs.join()}|${ys.join()}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the points, which are new arrays on every render.
  useEffect(() => {
    const draw = () => chart.current?.setData([xs, ys]);
    if (chart.current) draw();
    else void loadUPlot().then(() => queueMicrotask(draw));
  }, [key]);

  const total = ys.reduce((sum, value) => sum + value, 0);
  return (
    <figure className={styles.chart} aria-labelledby={titleId} data-series={name}>
      <figcaption id={titleId}>
        <span className={styles.chartTitle}>{title}</span>{' '}
        <span className={styles.chartTotal}>
          {Math.round(total * 10) / 10} {unit} in all
        </span>
      </figcaption>
      <div ref={frame} className={styles.plot} aria-hidden="true" />
      {failed && <p className={styles.missing}>The chart could not be drawn; the values are in the table.</p>}
      <details>
        <summary>{title} as a table</summary>
        <table className={styles.values}>
          <thead>
            <tr>
              <th scope="col">{hourly ? 'Hour' : 'Day'}</th>
              <th scope="col">{unit}</th>
            </tr>
          </thead>
          <tbody>
            {series.buckets.map((bucket, index) => (
              <tr key={bucket}>
                <th scope="row">{bucketLabel(bucket, series.unit)}</th>
                <td>{ys[index]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
