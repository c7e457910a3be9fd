import { describe, expect, it } from 'vitest';
import { clockTime, LIGHTING_VALUES } from './lighting-text';

describe('lighting text', () => {
  it('reads a time of day in hours as a clock does', () => {
    expect(clockTime(0)).toBe('00:00');
    expect(clockTime(6.25)).toBe('06:15');
    expect(clockTime(18.5)).toBe('18:30');
    expect(clockTime(23.75)).toBe('23:45');
    expect(clockTime(24)).toBe('24:00');
  });

  it('reads fractions as percentages and the sun as a multiple of noon', () => {
    const text = Object.fromEntries(LIGHTING_VALUES.map((value) => [value.key, value.text]));
    expect(text.ambient?.(0.35)).toBe('35%');
    expect(text.fogDensity?.(1)).toBe('100%');
    expect(text.sunIntensity?.(0.8)).toBe('0.8× noon sun');
  });
});
