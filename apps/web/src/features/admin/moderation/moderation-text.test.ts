import { describe, expect, it } from 'vitest';
import { excerpt, keyChanges, playerName, profileKeysOf } from './moderation-text';

describe('excerpt', () => {
  it('keeps a short text whole, on one line', () => {
    expect(excerpt('  Spams\n\tthe  chat ')).toBe('Spams the chat');
  });

  it('cuts a long text at a word, with an ellipsis, within the limit', () => {
    const text = 'Keeps following me around the market and spamming insults in proximity chat every evening';
    const short = excerpt(text, 40);
    expect(short).toBe('Keeps following me around the market…');
    expect(short.length).toBeLessThanOrEqual(40);
  });

  it('cuts a single long word where it stands', () => {
    expect(excerpt('x'.repeat(50), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('keys', () => {
  it('keeps only the role table’s keys, in its order', () => {
    expect(profileKeysOf(['partner', 'tester', 'admin', 'partner'])).toEqual(['admin', 'partner']);
  });

  it('says what a change gives and takes away, and nothing for an unchanged set', () => {
    expect(keyChanges(['moderator'], ['moderator', 'partner'])).toEqual(['Give the partner key.']);
    expect(keyChanges(['admin', 'staff'], ['admin'])).toEqual(['Take away the staff key.']);
    expect(keyChanges(['staff'], ['staff'])).toEqual([]);
  });

  it('names a player by their display name, or says there is none yet', () => {
    expect(playerName('nova')).toBe('@nova');
    expect(playerName(null)).toBe('No display name yet');
  });
});
