import { keyInWords } from '@outpost/contracts/key-words';

/*
 * The words of the live stats' maps: a map's data as labelled fields, and how old a report is. The game
 * sends a map's data as any JSON object, so its keys become labels and its values text; a nested value
 * stays short JSON rather than a table inside a table.
 */

export interface MapDataField {
  label: string;
  value: string;
}

function valueText(value: unknown): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((each) => typeof each !== 'object' || each === null)) {
    return value.map(valueText).join(', ');
  }
  return JSON.stringify(value);
}

/** A map's data as fields, in the game's order: `{ name: 'Central Plaza', capacity: 120 }` → Name: Central Plaza, Capacity: 120. */
export function mapDataFields(data: Readonly<Record<string, unknown>>): MapDataField[] {
  return Object.entries(data).map(([key, value]) => ({ label: keyInWords(key), value: valueText(value) }));
}

const MINUTE_MS = 60_000;

/** How long before `now` a report was made, in words: "just now", "3 minutes ago", "2 hours ago", "4 days ago". */
export function reportAge(reportedAt: string, now: string): string {
  const minutes = Math.floor((Date.parse(now) - Date.parse(reportedAt)) / MINUTE_MS);
  if (minutes < 1) return 'just now';
  const [count, unit] =
    minutes < 60
      ? [minutes, 'minute']
      : minutes < 48 * 60
        ? [Math.floor(minutes / 60), 'hour']
        : [Math.floor(minutes / 1440), 'day'];
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}
