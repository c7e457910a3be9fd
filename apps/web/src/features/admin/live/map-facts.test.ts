import { describe, expect, it } from 'vitest';
import { mapDataFields, reportAge } from './map-facts';

describe('the live stats’ map facts', () => {
  it('shows a map’s data as labelled fields in the game’s order', () => {
    expect(
      mapDataFields({
        name: 'Central Plaza',
        maxPlayers: 1200,
        open: true,
        tags: ['pvp', 'night'],
        spawn: { x: 1 },
        note: null,
      }),
    ).toEqual([
      { label: 'Name', value: 'Central Plaza' },
      { label: 'Max players', value: '1,200' },
      { label: 'Open', value: 'Yes' },
      { label: 'Tags', value: 'pvp, night' },
      { label: 'Spawn', value: '{"x":1}' },
      { label: 'Note', value: '—' },
    ]);
  });

  it('says how old a report is', () => {
    const now = '2026-12-03T10:00:00.000Z';
    expect(reportAge('2026-12-03T09:59:30.000Z', now)).toBe('just now');
    expect(reportAge('2026-12-03T09:59:00.000Z', now)).toBe('1 minute ago');
    expect(reportAge('2026-12-03T09:57:00.000Z', now)).toBe('3 minutes ago');
    expect(reportAge('2026-12-03T08:00:00.000Z', now)).toBe('2 hours ago');
    expect(reportAge('2026-11-29T10:00:00.000Z', now)).toBe('4 days ago');
  });
});
