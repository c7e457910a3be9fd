import { describe, expect, it } from 'vitest';
import { RecentIds } from './recent-ids';

describe('RecentIds', () => {
  it('keeps at most its limit, forgetting the oldest first', () => {
    const ids = new RecentIds(3);
    for (const id of ['a', 'b', 'c', 'd', 'e']) ids.add(id);
    expect(ids.size).toBe(3);
    expect(['a', 'b', 'c', 'd', 'e'].map((id) => ids.has(id))).toEqual([false, false, true, true, true]);
  });

  it('does not count an id twice nor forget another for it', () => {
    const ids = new RecentIds(2);
    ids.add('a');
    ids.add('b');
    ids.add('b');
    expect(ids.size).toBe(2);
    expect(ids.has('a')).toBe(true);
  });

  it('stays bounded over many ids', () => {
    const ids = new RecentIds(1000);
    for (let index = 0; index < 100_000; index += 1) ids.add(`player-${index}`);
    expect(ids.size).toBe(1000);
    expect(ids.has('player-99999')).toBe(true);
    expect(ids.has('player-98999')).toBe(false);
  });
});
