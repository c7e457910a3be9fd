import { describe, expect, it } from 'vitest';
import { fixedWork, medianTime } from './machine-speed';

describe("the bench's fixed work", () => {
  it('reads back every row it wrote, the same digest on every machine', () => {
    expect(fixedWork()).toBe('06c4503a391bb94e263cb35b4b327db827b8610b2794b698c341948a073d85bc');
  });

  it('is timed as the median of its rounds, after one untimed round', () => {
    // A clock that moves 30, 10 and 20 ms across the three timed rounds; the warm-up reads no time.
    const readings = [0, 30, 100, 110, 200, 220];
    let runs = 0;
    const median = medianTime(
      () => {
        runs += 1;
      },
      3,
      () => readings.shift() ?? Number.NaN,
    );
    expect({ median, runs, unread: readings.length }).toEqual({ median: 20, runs: 4, unread: 0 });
  });
});
