import { INGEST_BATCH_MAX } from '@outpost/contracts/game-data';

/*
 * A launch's traffic per player, in one place: what each virtual player asks of the server per
 * minute, from the spec's flows (docs/product.md §1, §7). Players arrive at each kind independently
 * with exponential think times (a Poisson process per player; summed over the crowd, one per kind).
 * The rates are a launch evening's: players open the site and the shop several times an hour,
 * spin, try a sold-out drop and redeem a launch code now and then, the game fetches its
 * configuration at each session's start, and the game's servers report every player's play.
 */

export type RequestKind =
  | 'landing'
  | 'session'
  | 'shop'
  | 'merch'
  | 'spin'
  | 'checkout'
  | 'redeem'
  | 'remote-config'
  | 'ingest';

export interface MixEntry {
  kind: RequestKind;
  /** What one request is, as printed with the result. */
  request: string;
  /** Requests per player per minute. */
  perPlayerPerMinute: number;
  /** Statuses that are correct answers; anything else is an error. */
  expected: readonly number[];
}

/** Events each player's play produces per minute, reported by the game's servers in full batches. */
export const EVENTS_PER_PLAYER_PER_MINUTE = 2;

export const LAUNCH_MIX: readonly MixEntry[] = [
  {
    kind: 'landing',
    request: 'POST signupCount (the landing page, signed out)',
    perPlayerPerMinute: 0.2,
    expected: [200],
  },
  {
    kind: 'session',
    request: 'GET /api/auth/me (every page: who is signed in)',
    perPlayerPerMinute: 0.5,
    expected: [200],
  },
  {
    kind: 'shop',
    request: "GET /api/shop (the shop's catalogue, per viewer)",
    perPlayerPerMinute: 0.3,
    expected: [200],
  },
  { kind: 'merch', request: 'GET /api/shop/merch (the merch products)', perPlayerPerMinute: 0.3, expected: [200] },
  {
    kind: 'spin',
    request: 'GET /api/fn/spin-machine (one credit, attested, a request key)',
    perPlayerPerMinute: 0.5,
    expected: [200],
  },
  {
    kind: 'checkout',
    request: "POST /api/shop/merch/orders (a limited drop's unit in credits: few succeed, the rest sold out, 409)",
    perPlayerPerMinute: 0.05,
    expected: [200, 409],
  },
  {
    kind: 'redeem',
    request: 'POST /api/account/redeem-code (a launch code, new to the player)',
    perPlayerPerMinute: 0.05,
    expected: [200],
  },
  {
    kind: 'remote-config',
    request: "GET /api/remote-config (the game's fetch at a session's start; 200 parameters, 20 conditions)",
    perPlayerPerMinute: 0.2,
    expected: [200],
  },
  {
    kind: 'ingest',
    request: `POST /api/ingest/development/events (the game servers' batches of ${INGEST_BATCH_MAX.toLocaleString('en-US')} events, ${EVENTS_PER_PLAYER_PER_MINUTE} events per player per minute)`,
    perPlayerPerMinute: EVENTS_PER_PLAYER_PER_MINUTE / INGEST_BATCH_MAX,
    expected: [200],
  },
];

/** Players with the shop open, each holding its live stream (machines, credit packs, drops) while they do. */
export const SHOP_OPEN_SHARE = 0.25;

/** Units of the drop's product: a limited drop sells out early in the first step. */
export const DROP_UNITS = 100;

/** The mix as printed with the result, one line each. */
export function describeMix(): string[] {
  return [
    ...LAUNCH_MIX.map(
      (entry) =>
        `  ${entry.perPlayerPerMinute.toString().padStart(6)} /player/min  ${entry.request}` +
        (entry.expected.length > 1 ? ` [answers ${entry.expected.join(' or ')}]` : ''),
    ),
    `  a live stream (GET /api/live: machines, credit packs, drops) held by ${SHOP_OPEN_SHARE * 100} % of players (those with the shop open)`,
  ];
}
