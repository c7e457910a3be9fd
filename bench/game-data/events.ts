import { INGEST_BATCH_MAX, LIVE_STATS_ITEMS, LIVE_STATS_OBJECTIVES } from '@outpost/contracts/game-data';
import { benchUser, SEARCH_USERS } from '../search/users';

/*
 * What the game's servers send: batches of INGEST_BATCH_MAX events, mixed as a live game's are
 * (mostly playtime and presence, then objectives, claimed items and levels), each naming a player
 * of the bench's crowd (bench/search/users.ts ids) and items that exist in items-master.
 */

/** An event as it goes on the wire, and as the raw baseline stores it. */
export interface BenchEvent {
  id: string;
  type: 'playtime' | 'presence' | 'objective' | 'item-claimed' | 'level';
  at: string;
  userID: string;
  seconds?: number;
  key?: string;
  itemID?: string;
  level?: number;
}

/** Out of every 20 events: the mix a running game reports. */
const MIX: readonly BenchEvent['type'][] = [
  ...Array<'playtime'>(7).fill('playtime'),
  ...Array<'presence'>(6).fill('presence'),
  ...Array<'objective'>(4).fill('objective'),
  ...Array<'item-claimed'>(2).fill('item-claimed'),
  'level',
];
/** Objective keys: the two the live stats count, and others the game tracks too. */
const OBJECTIVES = [...LIVE_STATS_OBJECTIVES, 'first-quest', 'daily-bonus', 'map-explored'];

/** Event `n` of the run (`n` counts across batches, so ids never repeat within a run named `run`). */
function benchEvent(run: string, n: number, now: number): BenchEvent {
  const type = MIX[n % MIX.length] as BenchEvent['type'];
  // A large odd stride spreads a batch's events over the crowd, as many servers' players are.
  const userID = benchUser((n * 7919) % SEARCH_USERS).id;
  const base = { id: `${run}:${n}`, type, at: new Date(now - (n % 300) * 1000).toISOString(), userID };
  switch (type) {
    case 'playtime':
      return { ...base, seconds: 60 + (n % 3600) };
    case 'objective':
      return { ...base, key: OBJECTIVES[n % OBJECTIVES.length] as string };
    case 'item-claimed':
      return { ...base, itemID: LIVE_STATS_ITEMS[n % LIVE_STATS_ITEMS.length] as string };
    case 'level':
      return { ...base, level: 1 + (n % 90) };
    default:
      return base;
  }
}

/** Batch `batch` (0, 1, …) of the run named `run`: INGEST_BATCH_MAX events, ids unique to the run. */
export function benchBatch(run: string, batch: number, now = Date.now()): BenchEvent[] {
  return Array.from({ length: INGEST_BATCH_MAX }, (_, offset) =>
    benchEvent(run, batch * INGEST_BATCH_MAX + offset, now),
  );
}

/** The first `count` batches of the run named `run`. */
export function benchBatches(run: string, count: number, now = Date.now()): BenchEvent[][] {
  return Array.from({ length: count }, (_, batch) => benchBatch(run, batch, now));
}

/** What the app's ingestion is measured against: the same batches stored another way, one transaction each. */
export interface IngestionBaseline {
  write(events: readonly BenchEvent[]): Promise<void>;
  /** What the baseline does after each of its batches, outside their time (the by-hand writer copies its log). */
  betweenBatches?(): Promise<void>;
  close(): Promise<void>;
}
