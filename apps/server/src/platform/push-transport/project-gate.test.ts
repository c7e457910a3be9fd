import { describe, expect, it } from 'vitest';
import { createProjectGate } from './project-gate';
import type { RetryPolicy } from './retry';
import { virtualTime } from './virtual-time';

const POLICY: RetryPolicy = { attempts: 5, baseDelayMs: 1_000, maxDelayMs: 8_000, maxRetryAfterMs: 30_000 };

const gateAt = (quotaPerMinute: number, random = () => 0.5) => {
  const time = virtualTime();
  return {
    time,
    gate: createProjectGate({ quotaPerMinute, policy: POLICY, now: time.now, sleep: time.sleep, random }),
  };
};

/** Admits one send and answers how long (virtual) it waited. */
async function admitted(gate: ReturnType<typeof gateAt>) {
  const from = gate.time.now();
  await gate.gate.admit();
  return gate.time.now() - from;
}

describe('a Firebase project’s gate', () => {
  it('lets one second of the quota through at once, then holds the rate, in the order the sends came', async () => {
    const { time, gate } = gateAt(600); // 10 a second
    const admittedAt: number[] = [];
    await Promise.all(
      Array.from({ length: 100 }, async () => {
        await gate.admit();
        admittedAt.push(time.now());
      }),
    );
    // Ten at once (the bucket starts full), then one every 100 ms.
    expect(admittedAt).toEqual([
      ...Array.from({ length: 10 }, () => 0),
      ...Array.from({ length: 90 }, (_, i) => (i + 1) * 100),
    ]);
    // No second ever saw more than the bucket and a second's refill.
    for (const start of admittedAt) {
      expect(admittedAt.filter((at) => at >= start && at < start + 1_000).length).toBeLessThanOrEqual(20);
    }
    // Idle, the bucket fills up to one second's worth again, no more.
    await time.sleep(60_000);
    const burst = await Promise.all(Array.from({ length: 11 }, () => admitted({ time, gate })));
    expect(burst.filter((waited) => waited === 0)).toHaveLength(10);
  });

  it('pauses every send after a 429 for Retry-After plus jitter, once for the 429s already in flight', async () => {
    const g = gateAt(600_000);
    const epoch = g.gate.epoch();
    g.gate.throttled(epoch, '2');
    // Two more requests of the same moment answer 429: the pause they met is not lengthened.
    g.gate.throttled(epoch, '2');
    g.gate.throttled(epoch, null);
    const waits = await Promise.all([admitted(g), admitted(g), admitted(g)]);
    // 2 s asked, and a jitter of up to a tenth of the base pause (random 0.5: 50 ms).
    expect(waits).toEqual([2_050, 2_050, 2_050]);
    expect(await admitted(g)).toBe(0);
  });

  it('backs off exponentially with jitter when 429s repeat or come without Retry-After, afresh after a success', async () => {
    const g = gateAt(600_000);
    const pauseAfter = async (retryAfter: string | null) => {
      g.gate.throttled(g.gate.epoch(), retryAfter);
      return admitted(g);
    };
    // Ceiling 1, 2, 4 s jittered in its upper half (random 0.5) plus 50 ms.
    expect(await pauseAfter(null)).toBe(800);
    expect(await pauseAfter(null)).toBe(1_550);
    expect(await pauseAfter(null)).toBe(3_050);
    // A repeated 429 waits the longer of Retry-After and the backoff (ceiling 8 s).
    expect(await pauseAfter('2')).toBe(6_050);
    g.gate.passed();
    expect(await pauseAfter('2')).toBe(2_050);
    const jittered = gateAt(600_000, () => 0.9);
    jittered.gate.throttled(0, '2');
    expect(await admitted(jittered)).toBe(2_090);
  });
});
