import { describe, expect, it } from 'vitest';
import { recipientIDs } from './chosen-players';

const alex = { userID: 'u-alex', displayName: 'Alex', email: 'alex@example.com' };

describe('chosen players', () => {
  it('takes the picked players, then pasted IDs split on spaces, commas, semicolons and lines, each once', () => {
    expect(recipientIDs([alex], ' u-bo, u-cy\nu-alex;u-bo ')).toEqual(['u-alex', 'u-bo', 'u-cy']);
    expect(recipientIDs([], '')).toEqual([]);
  });
});
