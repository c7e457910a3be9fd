import { describe, expect, it } from 'vitest';
import {
  excerpt,
  keyChanges,
  playerName,
  profileKeysOf,
  reportedPlayerSearch,
  reportFiler,
  reportFilerText,
  reportParam,
  withReport,
} from './moderation-text';

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
    expect(playerName(null)).toBe('A player with no display name yet');
  });
});

describe('the way from a report to the reported player', () => {
  it('searches a report’s target without its @, keeping the report', () => {
    expect(reportedPlayerSearch(' @ashgrove ', 'r-1', 100)).toBe('?q=ashgrove&report=r-1');
    expect(reportedPlayerSearch('Lobby 3 & co', 'r-2', 100)).toBe('?q=Lobby+3+%26+co&report=r-2');
    expect(reportedPlayerSearch('abcdef', 'r-3', 4)).toBe('?q=abcd&report=r-3');
  });

  it('reads the report from the address and carries it to a player’s page', () => {
    expect(reportParam(new URLSearchParams('q=ash&report=r-1'))).toBe('r-1');
    expect(reportParam(new URLSearchParams('report=%20'))).toBeNull();
    expect(reportParam(new URLSearchParams('q=ash'))).toBeNull();
    expect(withReport('/admin/moderation/users/u%201', 'r-1')).toBe('/admin/moderation/users/u%201?report=r-1');
    expect(withReport('/admin/moderation/users/u1', null)).toBe('/admin/moderation/users/u1');
  });
});

describe('who filed a report', () => {
  const ash = { userID: 'u1', displayName: 'ash', email: 'ash@example.com' };

  it('names the player and where they filed from, the same way for the list and the report', () => {
    const report = { source: 'account' as const, reporterPerson: ash };
    expect(reportFiler(report)).toEqual({ person: ash, words: 'from the account area' });
    expect(reportFilerText(report)).toBe('@ash, from the account area');
    expect(reportFilerText({ source: 'game', reporterPerson: ash })).toBe('@ash, through the game');
  });

  it('says the game filed one that names no player', () => {
    expect(reportFiler({ source: 'game', reporterPerson: null })).toEqual({ person: null, words: 'The game' });
    expect(reportFilerText({ source: 'game', reporterPerson: null })).toBe('The game');
  });
});
