import { describe, expect, it } from 'vitest';
import { fixedWork, medianTime } from './machine-speed';

describe("the bench's fixed work", () => {
  it('reads back every row it wrote and every answer it asked for, the same digest on every machine', async () => {
    expect(await fixedWork()).toBe('c6cc5449c711deb6397c316905d7f34a1a0733081939dae7a3c12371617ca6b6');
  });

  it('is timed as the median of its rounds, after one untimed round', async () => {
    // A clock that moves 30, 10 and 20 ms across the three timed rounds; the warm-up reads no time.
    const readings = [0, 30, 100, 110, 200, 220];
    let runs = 0;
    const median = await medianTime(
      async () => {
        runs += 1;
      },
      3,
      () => readings.shift() ?? Number.NaN,
    );
    expect({ median, runs, unread: readings.length }).toEqual({ median: 20, runs: 4, unread: 0 });
  });
});
