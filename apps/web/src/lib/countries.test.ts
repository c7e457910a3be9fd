import { COUNTRY_CODES } from '@outpost/contracts/countries';
import { describe, expect, it } from 'vitest';
import { countryName, countryOptions } from './countries';

describe('countries', () => {
  it('names every shipping country in the reader’s language, sorted by name', () => {
    const options = countryOptions('en');
    expect(options).toHaveLength(COUNTRY_CODES.length);
    expect(options.find((option) => option.code === 'GB')?.name).toBe('United Kingdom');
    const names = options.map((option) => option.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
    expect(countryOptions('de').find((option) => option.code === 'DE')?.name).toBe('Deutschland');
  });

  it('names Kosovo too, which carriers use though ISO 3166-1 has no code for it', () => {
    expect(countryName('US', 'en')).toBe('United States');
    expect(countryName('XK', 'en')).toBe('Kosovo');
  });
});
