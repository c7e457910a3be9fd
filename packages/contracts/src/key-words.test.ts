import { describe, expect, it } from 'vitest';
import { keyInWords, optionLabel } from './key-words';

describe('a stored key in words', () => {
  it('turns a slug, a camelCase name or a snake_case name into a capitalised phrase', () => {
    expect(keyInWords('first-base')).toBe('First base');
    expect(keyInWords('heardFrom')).toBe('Heard from');
    expect(keyInWords('play_hours')).toBe('Play hours');
    expect(keyInWords('bug')).toBe('Bug');
    expect(keyInWords('positive')).toBe('Positive');
  });

  it('keeps a key that has no words as it is', () => {
    expect(keyInWords('--')).toBe('--');
  });

  it('prefers the option list’s label, and falls back to the key in words', () => {
    const options = [{ id: 'positive', label: 'Loved it' }];
    expect(optionLabel(options, 'positive')).toBe('Loved it');
    expect(optionLabel(options, 'so-so')).toBe('So so');
  });
});
