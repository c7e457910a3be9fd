import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldEvents, hasPremium, premiumUntil, type SubscriptionEvent } from './state-machine';
import { reportsAndDelivery, subscriptionReports, T0 } from './testing';

const DAY = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(T0 + days * DAY).toISOString();
const ev = (eventId: string, kind: SubscriptionEvent['kind'], day: number, untilDay?: number): SubscriptionEvent => ({
  eventId,
  kind,
  at: at(day),
  ...(untilDay === undefined ? {} : { until: at(untilDay) }),
});

const reports = subscriptionReports({ maxLength: 25 });

describe('the subscription state machine', () => {
  it('runs a month, is cancelled for the next, resumed, renewed, then refunded', () => {
    const events = [
      ev('p', 'purchase', 0, 30),
      ev('c', 'cancel', 10),
      ev('r', 'resume', 12),
      ev('n', 'renew', 30, 60),
      ev('f', 'refund', 35),
    ];
    expect(foldEvents(events.slice(0, 2))).toMatchObject({ state: 'cancelled', periodEnd: at(30) });
    expect(hasPremium(foldEvents(events.slice(0, 2)), new Date(at(29)))).toBe(true);
    expect(hasPremium(foldEvents(events.slice(0, 2)), new Date(at(30)))).toBe(false);
    expect(foldEvents(events.slice(0, 3)).state).toBe('active');
    expect(foldEvents(events.slice(0, 4))).toMatchObject({ state: 'active', periodEnd: at(60) });
    expect(foldEvents(events)).toMatchObject({ state: 'refunded', periodEnd: at(60) });
    expect(premiumUntil(foldEvents(events))).toBeNull();
  });

  it('gives premium through a grace period, not through billing retry, and back with the renewal', () => {
    const events = [ev('p', 'purchase', 0, 30), ev('g', 'grace', 30, 36)];
    expect(premiumUntil(foldEvents(events))).toBe(at(36));
    const retry = [...events, ev('b', 'billing-retry', 36)];
    expect(premiumUntil(foldEvents(retry))).toBeNull();
    expect(foldEvents([...retry, ev('n', 'renew', 38, 68)])).toMatchObject({ state: 'active', periodEnd: at(68) });
  });

  it('does not resume a cancelled subscription after its period ended, nor renew a refunded one', () => {
    expect(foldEvents([ev('p', 'purchase', 0, 30), ev('c', 'cancel', 5), ev('r', 'resume', 31)]).state).toBe(
      'cancelled',
    );
    expect(foldEvents([ev('p', 'purchase', 0, 30), ev('f', 'refund', 5), ev('n', 'renew', 30, 60)]).state).toBe(
      'refunded',
    );
    // A new purchase starts it again.
    expect(foldEvents([ev('p', 'purchase', 0, 30), ev('f', 'refund', 5), ev('q', 'purchase', 40, 70)])).toMatchObject({
      state: 'active',
      periodEnd: at(70),
    });
  });

  it('adds up to the same state whatever order the reports arrive in, and however often', () => {
    fc.assert(
      fc.property(reportsAndDelivery({ maxLength: 25 }), ([events, delivered]) => {
        expect(foldEvents(delivered)).toEqual(foldEvents(events));
      }),
    );
  });

  it('never gives premium past the latest period or grace end reported, nor after a refund or revocation with no purchase since', () => {
    fc.assert(
      fc.property(reports, fc.integer({ min: 0, max: 140 * 24 }), (events, hour) => {
        const status = foldEvents(events);
        const now = new Date(T0 + hour * 3_600_000);
        if (!hasPremium(status, now)) return;
        const latestUntil = events
          .filter((event) => ['purchase', 'renew', 'grace'].includes(event.kind))
          .map((event) => event.until)
          .sort()
          .at(-1);
        expect(latestUntil !== undefined && now.toISOString() < latestUntil).toBe(true);
        const ended = events.filter((event) => event.kind === 'refund' || event.kind === 'revoke').map((e) => e.at);
        const lastEnd = ended.sort().at(-1);
        if (lastEnd !== undefined) {
          expect(events.some((event) => event.kind === 'purchase' && event.at >= lastEnd)).toBe(true);
        }
      }),
    );
  });
});
