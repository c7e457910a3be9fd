import {
  DEFAULT_LIVE_STATS_RANGE,
  LIVE_STATS_RANGES,
  type LiveSeries,
  type LiveSeriesName,
  type LiveStatsRange,
} from '@outpost/contracts/game-data';
import { useSearchParams } from '../../../lib/router/router';

/** The range picker's labels. */
export const RANGE_LABELS: Record<LiveStatsRange, string> = {
  '24h': '24 hours',
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
};

/** The charts, in order, each with its title and how a value reads. */
export const CHARTS: readonly { name: LiveSeriesName; title: string; unit: string; scale?: number }[] = [
  { name: 'activePlayers', title: 'Active players', unit: 'players' },
  { name: 'playtimeSeconds', title: 'Playtime', unit: 'hours', scale: 1 / 3600 },
  { name: 'signUps', title: 'Sign-ups', unit: 'accounts' },
  { name: 'creditPurchases', title: 'Credit purchases', unit: 'packs' },
  { name: 'merchPurchases', title: 'Merch purchases', unit: 'orders' },
];

/** A range from the URL's `range`, the default when it is missing or none of the four. */
export function rangeFromParams(params: URLSearchParams): LiveStatsRange {
  const range = params.get('range');
  return (LIVE_STATS_RANGES as readonly string[]).includes(range ?? '')
    ? (range as LiveStatsRange)
    : DEFAULT_LIVE_STATS_RANGE;
}

/** The range on screen, kept in the URL so a reload and a shared link keep it. */
export function useChartRange(): [LiveStatsRange, (range: LiveStatsRange) => void] {
  const [params, setParams] = useSearchParams();
  const range = rangeFromParams(params);
  const select = (next: LiveStatsRange) => {
    const nextParams = new URLSearchParams(params);
    if (next === DEFAULT_LIVE_STATS_RANGE) nextParams.delete('range');
    else nextParams.set('range', next);
    setParams(nextParams, { replace: true });
  };
  return [range, select];
}

/** One chart's points: the buckets' instants in seconds (uPlot's x) and the values in the chart's unit. */
export function chartPoints(series: LiveSeries, name: LiveSeriesName, scale = 1): [number[], number[]] {
  return [
    series.buckets.map((bucket) => Date.parse(bucket) / 1000),
    series.series[name].map((value) => Math.round(value * scale * 10) / 10),
  ];
}

/** A bucket's label in the table beside a chart: the hour or the day, in the viewer's zone. */
export function bucketLabel(bucket: string, unit: LiveSeries['unit']): string {
  const date = new Date(bucket);
  return unit === 'hour'
    ? date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    : date.toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
}
