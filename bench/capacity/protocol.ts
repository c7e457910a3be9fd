import type { RequestKind } from './mix';

/**
 * What the capacity bench's parent (suite.ts) and its virtual players' process (players.ts) say to
 * each other. Plain data only: it crosses the IPC channel.
 */

/**
 * Keep-alive connections per instance the players' requests share. A browser holds its own; here
 * many players share a pool, so the server pays for fewer idle sockets than in the field, which
 * its per-request work dwarfs. A request waiting for a connection counts that wait in its latency.
 */
export const SOCKETS_PER_ORIGIN = 256;

/** Everything the players need to act, sent once. */
export interface PlayersSetup {
  /** The instances' origins; player i keeps to origin i % n. */
  origins: readonly string[];
  /** `Authorization` of player i (benchUser(i)); their number bounds the steps. */
  bearers: readonly string[];
  /** The header the game sends, from the app's own exchange. */
  attestationToken: string;
  /** The development store's service key (INGEST_DEVELOPMENT_KEY). */
  ingestKey: string;
  codes: readonly string[];
}

export type PlayersRequest =
  | { kind: 'setup'; setup: PlayersSetup }
  /** Holds `players` players for `seconds`: their streams opened first, then the mix measured. */
  | { kind: 'step'; players: number; seconds: number }
  | { kind: 'close' };

export interface KindFigures {
  kind: RequestKind;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers not expected (LAUNCH_MIX), connection errors and timeouts. */
  errors: number;
  /** Answers by status, e.g. { 200: 310, 409: 12 }. */
  statuses: Record<string, number>;
  /** The first few errors, described. */
  firstErrors: string[];
}

export interface StepFigures {
  players: number;
  seconds: number;
  kinds: KindFigures[];
  streams: { open: number; failed: number; dropped: number; secondsToOpen: number };
  /** How late the generator sent requests against their schedule (p99, ms): above a few ms it, not the server, is the limit. */
  lateP99Ms: number;
}

export type PlayersMessage =
  | { kind: 'ready' }
  /** The step's streams are open and its measured time starts now. */
  | { kind: 'step-started' }
  | { kind: 'step-done'; figures: StepFigures }
  | { kind: 'failed'; error: string };
