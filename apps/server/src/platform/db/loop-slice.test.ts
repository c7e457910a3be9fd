import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { LoopSlice } from './loop-slice';

describe('LoopSlice', () => {
  it('lets work run on while its slice lasts, then waits for the next turn of the loop, which starts a new slice', async () => {
    let now = 0;
    const slice = new LoopSlice(4, () => now);
    expect(slice.turn()).toBeUndefined();
    now = 3.9;
    expect(slice.turn()).toBeUndefined();
    now = 4;
    const waiting = slice.turn();
    expect(waiting).toBeInstanceOf(Promise);
    let resumed = false;
    void waiting?.then(() => {
      resumed = true;
    });
    await Promise.resolve();
    expect(resumed).toBe(false);
    await waiting;
    expect(resumed).toBe(true);
    // The turn that let it go ended the slice: the clock counts again from the next statement.
    now = 100;
    expect(slice.turn()).toBeUndefined();
    now = 103;
    expect(slice.turn()).toBeUndefined();
  });

  it('counts a slice from the first statement after the loop turned, however long the loop was idle', async () => {
    let now = 0;
    const slice = new LoopSlice(4, () => now);
    expect(slice.turn()).toBeUndefined();
    await nextTurn();
    now = 50;
    expect(slice.turn()).toBeUndefined();
  });
});
