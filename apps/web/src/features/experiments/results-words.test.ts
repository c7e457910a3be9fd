import type { ExperimentVariantResult } from '@outpost/contracts/experiments/schemas';
import { describe, expect, it } from 'vitest';
import {
  barGeometry,
  barScale,
  formatDifference,
  formatInterval,
  formatMetric,
  formatPValue,
  segmentWords,
  verdictOf,
} from './results-words';

const result = (fields: Partial<ExperimentVariantResult>): ExperimentVariantResult => ({
  name: 'B',
  exposed: 10,
  mean: null,
  low: null,
  high: null,
  difference: null,
  pValue: null,
  significant: null,
  ...fields,
});

describe('an experiment’s results in words', () => {
  it('says a return as a percentage and the other metrics per player in their unit', () => {
    expect(formatMetric('day1Return', 0.4213)).toBe('42.1%');
    expect(formatMetric('day7Return', 1)).toBe('100.0%');
    expect(formatMetric('playtimePerPlayer', 12.345)).toBe('12.3 min');
    expect(formatMetric('creditsSpentPerPlayer', 1500)).toBe('1,500.0 credits');
    expect(formatMetric('playtimePerPlayer', null)).toBe('—');
    expect(formatInterval('day1Return', 0.381, 0.459)).toBe('38.1% to 45.9%');
    expect(formatInterval('creditsSpentPerPlayer', null, 3)).toBe('—');
  });

  it('signs a difference, in percentage points for a return', () => {
    expect(formatDifference('day1Return', 0.025)).toBe('+2.5 percentage points');
    expect(formatDifference('playtimePerPlayer', -1.24)).toBe('−1.2 min');
    expect(formatDifference('creditsSpentPerPlayer', 0)).toBe('+0.0 credits');
    expect(formatDifference('creditsSpentPerPlayer', null)).toBe('—');
  });

  it('says a p-value to three places, and a tiny one as below 0.001', () => {
    expect(formatPValue(0.03214)).toBe('p = 0.032');
    expect(formatPValue(1)).toBe('p = 1.000');
    expect(formatPValue(0.0000123)).toBe('p < 0.001');
    expect(formatPValue(null)).toBe('—');
  });

  it('gives each variant its verdict in words, the first being the control', () => {
    expect(verdictOf(result({ significant: true }), 0)).toBe('Control');
    expect(verdictOf(result({ significant: true }), 1)).toBe('Significant');
    expect(verdictOf(result({ significant: false }), 2)).toBe('Not significant');
    expect(verdictOf(result({ significant: null }), 1)).toBe('Too few players');
  });

  it('draws every interval on one scale from zero to the highest bound', () => {
    const results = [result({ mean: 5, low: 4, high: 6 }), result({ mean: 8, low: 6, high: 10 }), result({})];
    const scale = barScale(results);
    expect(scale).toEqual({ min: 0, max: 10 });
    expect(barGeometry(results[0] as ExperimentVariantResult, scale)).toEqual({ left: 40, width: 20, mean: 50 });
    expect(barGeometry(results[1] as ExperimentVariantResult, scale)).toEqual({ left: 60, width: 40, mean: 80 });
    expect(barGeometry(results[2] as ExperimentVariantResult, scale)).toBeNull();
    expect(barScale([result({})])).toBeNull();
    // All at zero (nobody returned): a scale with room, the bar at its start.
    const none = barScale([result({ mean: 0, low: 0, high: 0 })]);
    expect(none).toEqual({ min: 0, max: 1 });
    expect(barGeometry({ mean: 0, low: 0, high: 0 }, none)).toEqual({ left: 0, width: 0, mean: 0 });
    // A difference below zero (a mean never is, but the scale does not assume it).
    expect(barScale([result({ mean: -1, low: -2, high: 1 })])).toEqual({ min: -2, max: 1 });
  });

  it('names the players drawn from: the segment, or every signed-in player', () => {
    expect(segmentWords('Whales', 'whales')).toBe('Whales');
    expect(segmentWords(null, null)).toBe('Every signed-in player');
    expect(segmentWords(null, 'gone')).toBe('gone');
  });
});
