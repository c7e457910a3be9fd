import { describe, expect, it } from 'vitest';
import { FanOutBudget } from './fan-out-budget';

function budgetOnClock(share: number, burstMs: number) {
  let now = 0;
  const budget = new FanOutBudget({ share, burstMs, now: () => now });
  return { budget, pass: (ms: number) => (now += ms) };
}

describe("a live fan-out's share of the event loop", () => {
  it('lets a burst go at once, then makes what keeps coming wait for its share', () => {
    const { budget, pass } = budgetOnClock(0.25, 1_000);
    expect(budget.waitMs()).toBe(0);
    budget.spend(600);
    expect(budget.waitMs()).toBe(0);
    budget.spend(600);
    // 200 ms over: a quarter of the time passing pays it back in 800 ms.
    expect(budget.waitMs()).toBe(800);
    pass(400);
    expect(budget.waitMs()).toBe(400);
    pass(400);
    expect(budget.waitMs()).toBe(0);
  });

  it('keeps no more than its burst however long the loop was quiet', () => {
    const { budget, pass } = budgetOnClock(0.25, 1_000);
    pass(3_600_000);
    budget.spend(1_100);
    expect(budget.waitMs()).toBe(400);
  });

  it('without a burst, rests three times as long as the writes took at a quarter share', () => {
    const { budget } = budgetOnClock(0.25, 0);
    budget.spend(40);
    expect(budget.waitMs()).toBe(160);
  });
});
