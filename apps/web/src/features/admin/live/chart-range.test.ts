import type { LiveSeries } from '@outpost/contracts/game-data';
import { describe, expect, it } from 'vitest';
import { chartPoints, rangeFromParams } from './chart-range';

const series: LiveSeries = {
  range: '24h',
  unit: 'hour',
  buckets: ['2026-11-26T16:00:00.000Z', '2026-11-26T17:00:00.000Z'],
  series: {
    activePlayers: [3, 0],
    playtimeSeconds: [5400, 90],
    signUps: [0, 1],
    creditPurchases: [0, 0],
    merchPurchases: [1, 0],
  },
};

describe('the live charts', () => {
  it('takes the range from the URL, 7 days when it is missing or unknown', () => {
    expect(rangeFromParams(new URLSearchParams('range=24h'))).toBe('24h');
    expect(rangeFromParams(new URLSearchParams('range=90d'))).toBe('90d');
    expect(rangeFromParams(new URLSearchParams(''))).toBe('7d');
    expect(rangeFromParams(new URLSearchParams('range=1y'))).toBe('7d');
  });

  it('gives uPlot seconds on x and the chart’s unit on y, to a tenth', () => {
    expect(chartPoints(series, 'activePlayers')).toEqual([
      [1795708800, 1795712400],
      [3, 0],
    ]);
    expect(chartPoints(series, 'playtimeSeconds', 1 / 3600)).toEqual([
      [1795708800, 1795712400],
      [1.5, 0],
    ]);
  });
});
