import { describe, expect, it } from 'vitest';
import { favouritesText, formatNumber, shortEpisodeLabel } from './format';

describe('theater formats', () => {
  it('counts favourites in the singular and plural, with grouped digits', () => {
    expect(favouritesText(0)).toBe('0 favourites');
    expect(favouritesText(1)).toBe('1 favourite');
    expect(favouritesText(12_345)).toBe(`${formatNumber(12_345)} favourites`);
    expect(formatNumber(12_345)).toBe(new Intl.NumberFormat().format(12_345));
  });

  it("shortens an episode's season and number for its placeholder", () => {
    expect(shortEpisodeLabel({ season: 2, episode: 10 })).toBe('S2 · E10');
  });
});
