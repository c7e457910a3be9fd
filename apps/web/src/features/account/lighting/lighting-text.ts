import type { LightingValue } from '@outpost/contracts/lighting';

/** 18.5 → "18:30": a time of day in hours as a clock reads it (24 is midnight at the day's end). */
export function clockTime(hours: number): string {
  const minutes = Math.round(hours * 60);
  const hh = Math.floor(minutes / 60);
  const mm = minutes % 60;
  return `${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}`;
}

const fraction = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 0 });
const multiplier = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/** Each lighting value's label and how it reads, for the sliders and the preset cards alike. */
export const LIGHTING_VALUES: readonly { key: LightingValue; label: string; text: (value: number) => string }[] = [
  { key: 'timeOfDay', label: 'Time of day', text: clockTime },
  { key: 'sunIntensity', label: 'Sun intensity', text: (value) => `${multiplier.format(value)}× noon sun` },
  { key: 'ambient', label: 'Ambient light', text: (value) => fraction.format(value) },
  { key: 'fogDensity', label: 'Fog density', text: (value) => fraction.format(value) },
];
