import { SUBSCRIPTION_EVENT_KINDS } from '@outpost/contracts/subscriptions/schemas';
import fc from 'fast-check';
import type { SubscriptionEvent } from './state-machine';

/** The tests' time zero, and a time `n` hours after it. */
export const T0 = Date.parse('2026-12-01T00:00:00.000Z');
export const hours = (n: number) => new Date(T0 + n * 3_600_000).toISOString();

/** A report of one subscription, on a whole hour of 90 days, with its period or grace end after it. */
const aReport = fc
  .record({
    eventId: fc.string({ minLength: 1, maxLength: 6 }),
    kind: fc.constantFrom(...SUBSCRIPTION_EVENT_KINDS),
    hour: fc.integer({ min: 0, max: 90 * 24 }),
    length: fc.integer({ min: 1, max: 40 * 24 }),
  })
  .map(({ eventId, kind, hour, length }): SubscriptionEvent & { until: string } => ({
    eventId,
    kind,
    at: hours(hour),
    until: hours(hour + length),
  }));

/** A subscription's reports, each id once (a channel's id names one report). */
export const subscriptionReports = (constraints: { minLength?: number; maxLength: number }) =>
  fc.uniqueArray(aReport, { selector: (event) => event.eventId, ...constraints });

/** Reports, and the same reports as a channel may deliver them: in any order, each twice. */
export const reportsAndDelivery = (constraints: { minLength?: number; maxLength: number }) =>
  subscriptionReports(constraints).chain((events) =>
    fc.tuple(fc.constant(events), fc.shuffledSubarray([...events, ...events], { minLength: events.length * 2 })),
  );
