import { describe, expect, it } from 'vitest';
import { clockOffset, formatOdds, formatRemaining } from './format';

describe('formatRemaining', () => {
  it('shows days only when there are some, and never goes below zero', () => {
    expect(formatRemaining(((2 * 24 + 4) * 3600 + 5 * 60 + 6) * 1000)).toBe('2d 04:05:06');
    expect(formatRemaining(59_001)).toBe('00:01:00');
    expect(formatRemaining(999)).toBe('00:00:01');
    expect(formatRemaining(-5000)).toBe('00:00:00');
  });
});

describe('clockOffset', () => {
  it('is how far the server’s clock is ahead of the device’s', () => {
    expect(clockOffset('2026-11-23T12:00:10.000Z', Date.parse('2026-11-23T12:00:00.000Z'))).toBe(10_000);
    expect(clockOffset('not a date', 0)).toBe(0);
  });
});

describe('formatOdds', () => {
  it('rounds to what a person compares, and marks prizes that are gone', () => {
    expect(formatOdds(0.75)).toBe('75%');
    expect(formatOdds(0.025)).toBe('2.5%');
    expect(formatOdds(1 / 3)).toBe('33%');
    expect(formatOdds(0.0004)).toBe('0.04%');
    expect(formatOdds(0.00001)).toBe('<0.01%');
    expect(formatOdds(0)).toBe('—');
  });
});
