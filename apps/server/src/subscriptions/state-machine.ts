import type { SubscriptionEventKind, SubscriptionState } from '@outpost/contracts/subscriptions/schemas';

/*
 * A subscription's state is a fold over everything its channel reported, in the order it happened
 * (each report's own time), not the order it arrived: stores replay notifications, deliver them out
 * of order, and race the game's own report of the same purchase. Kept as events and folded again on
 * each new one, a late or repeated report can never move a subscription backwards, and the same
 * reports in any order give the same state.
 */

/** One report of a channel about one subscription. */
export interface SubscriptionEvent {
  /** The channel's own id of the report (a notification's or a transaction's): the same report twice is one. */
  eventId: string;
  kind: SubscriptionEventKind;
  /** When it happened, as the channel says (ISO 8601, UTC). */
  at: string;
  /** `purchase` and `renew`: the new period's end; `grace`: the grace period's end (ISO 8601, UTC). */
  until?: string | undefined;
}

export interface SubscriptionStatus {
  /** null until a purchase (or a renewal) was reported. */
  state: SubscriptionState | null;
  /** The paid period's end. */
  periodEnd: string | null;
  /** A grace period's end, while in one. */
  graceEnd: string | null;
  /** The time of the last report folded in. */
  lastEventAt: string | null;
}

export const NO_SUBSCRIPTION: SubscriptionStatus = { state: null, periodEnd: null, graceEnd: null, lastEventAt: null };

const later = (a: string | null, b: string | undefined): string | null => {
  if (b === undefined) return a;
  return a === null || b > a ? b : a;
};

/** Premium ends with a refund or revocation; only a new purchase starts it again. */
const ENDED_BY_STAFF_OR_STORE: ReadonlySet<SubscriptionState> = new Set(['refunded', 'revoked']);
const RUNNING: ReadonlySet<SubscriptionState> = new Set(['active', 'cancelled', 'grace', 'billing-retry']);

/** One report applied to the state before it. */
export function applyEvent(status: SubscriptionStatus, event: SubscriptionEvent): SubscriptionStatus {
  const next = { ...status, lastEventAt: event.at };
  const { state } = status;
  switch (event.kind) {
    case 'purchase':
      return { ...next, state: 'active', periodEnd: event.until ?? status.periodEnd, graceEnd: null };
    case 'renew':
      if (state !== null && ENDED_BY_STAFF_OR_STORE.has(state)) return next;
      return { ...next, state: 'active', periodEnd: later(status.periodEnd, event.until), graceEnd: null };
    case 'cancel':
      return state === 'active' ? { ...next, state: 'cancelled' } : next;
    case 'resume':
      return state === 'cancelled' && status.periodEnd !== null && event.at < status.periodEnd
        ? { ...next, state: 'active' }
        : next;
    case 'grace':
      return state !== null && RUNNING.has(state) ? { ...next, state: 'grace', graceEnd: event.until ?? null } : next;
    case 'billing-retry':
      return state !== null && RUNNING.has(state) ? { ...next, state: 'billing-retry', graceEnd: null } : next;
    case 'expire':
      return state !== null && RUNNING.has(state) ? { ...next, state: 'expired', graceEnd: null } : next;
    // Even of a subscription whose purchase was never reported: it ended, and only a purchase starts it again.
    case 'refund':
    case 'revoke':
      return { ...next, state: event.kind === 'refund' ? 'refunded' : 'revoked', graceEnd: null };
  }
}

/** Reports in the order they happened; a tie in time goes by id, so any arrival order folds alike. */
export function inOrder(events: readonly SubscriptionEvent[]): SubscriptionEvent[] {
  const once = new Map(events.map((event) => [event.eventId, event]));
  return [...once.values()].sort((a, b) =>
    a.at === b.at ? (a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0) : a.at < b.at ? -1 : 1,
  );
}

/** The state every report of a subscription adds up to, whatever order they came in. */
export function foldEvents(events: readonly SubscriptionEvent[]): SubscriptionStatus {
  return inOrder(events).reduce(applyEvent, NO_SUBSCRIPTION);
}

/** Until when the subscription gives premium, or null: paid periods and grace periods only. */
export function premiumUntil(status: SubscriptionStatus): string | null {
  if (status.state === 'active' || status.state === 'cancelled') return status.periodEnd;
  if (status.state === 'grace') return status.graceEnd;
  return null;
}

export function hasPremium(status: SubscriptionStatus, now: Date): boolean {
  const until = premiumUntil(status);
  return until !== null && until > now.toISOString();
}
