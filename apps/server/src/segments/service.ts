import type { Environment } from '@outpost/contracts/environments';
import type { Kysely } from 'kysely';
import type { AppStores, GameDatabase } from '../database';
import type { SegmentAttributeSource } from '../domain';
import { PlayerAttributeCache, readPlayerAttributes } from './attributes';
import { holdsPlayer, segmentRows } from './evaluate';
import { storedSegment } from './queries';

/** How long one reading of the players' attributes answers before the next use reads again. */
export const SEGMENT_READING_MAX_AGE_MS = 60_000;
/** The oldest a reading answers while the next one is read; an older one is waited past. */
export const SEGMENT_READING_MAX_STALE_MS = 5 * 60_000;

/**
 * Segments as the other domains use them: which segments hold a player (remote config's segment
 * conditions), which of some segment IDs exist (a template naming one), and the readings of the
 * players' attributes the back office sizes segments with. Built once by the app, so every use on
 * an instance shares one reading per environment.
 */
export interface Segments {
  readings: PlayerAttributeCache;
  /** The segments among `segmentIDs` that hold the player, by the latest reading. */
  holding(environment: Environment, segmentIDs: readonly string[], userId: string): Promise<ReadonlySet<string>>;
  /** The IDs among `segmentIDs` no segment of the environment has. */
  missing(environment: Environment, segmentIDs: readonly string[]): Promise<string[]>;
  /**
   * What a send to the segment needs, from one read of its row: its name and its players, or null
   * when the environment has no such segment. Two reads could disagree when a deletion or a rename
   * falls between them.
   */
  audienceOf(environment: Environment, segmentID: string): Promise<SegmentAudience | null>;
  /** The segment's name, or null when the environment has no such segment (a history naming it, no players read). */
  nameOf(environment: Environment, segmentID: string): Promise<string | null>;
}

/** A segment as a send reads it. */
export interface SegmentAudience {
  name: string;
  /** Its players' user ids by the latest reading, in id order (as push and rewards page through their audiences). */
  userIds: string[];
}

export function createSegments(options: {
  stores: AppStores;
  sources: readonly SegmentAttributeSource[];
  maxAgeMs?: number;
}): Segments {
  const { stores, sources } = options;
  const readings = new PlayerAttributeCache({
    maxAgeMs: options.maxAgeMs ?? SEGMENT_READING_MAX_AGE_MS,
    maxStaleMs: SEGMENT_READING_MAX_STALE_MS,
    read: (environment, now) =>
      readPlayerAttributes({ game: stores.game[environment], identity: stores.identity }, sources, now),
  });
  const rowsOf = (db: Kysely<GameDatabase>, segmentIDs: readonly string[]) =>
    segmentIDs.length === 0
      ? Promise.resolve([])
      : db.selectFrom('segments').selectAll().where('segment_id', 'in', segmentIDs).execute();
  return {
    readings,
    async holding(environment, segmentIDs, userId) {
      const [rows, attributes] = await Promise.all([
        rowsOf(stores.game[environment], segmentIDs),
        readings.get(environment),
      ]);
      const holding = rows
        .map(storedSegment)
        .filter((segment) => holdsPlayer(segment.definition, attributes, userId))
        .map((segment) => segment.segment_id);
      return new Set(holding);
    },
    async audienceOf(environment, segmentID) {
      const [row] = await rowsOf(stores.game[environment], [segmentID]);
      if (!row) return null;
      const attributes = await readings.get(environment);
      const { rows } = segmentRows(storedSegment(row).definition, attributes, {
        offset: 0,
        limit: Number.POSITIVE_INFINITY,
      });
      return { name: row.name, userIds: rows.map((index) => attributes.userIds[index] ?? '').sort() };
    },
    async nameOf(environment, segmentID) {
      const [row] = await rowsOf(stores.game[environment], [segmentID]);
      return row?.name ?? null;
    },
    async missing(environment, segmentIDs) {
      const found = new Set((await rowsOf(stores.game[environment], segmentIDs)).map((row) => row.segment_id));
      return [...new Set(segmentIDs)].filter((segmentID) => !found.has(segmentID));
    },
  };
}

declare module '../domain' {
  interface DomainServices {
    /** Segments' readings and membership, shared by the back office's sizes and remote config's conditions. */
    segments: Segments;
  }
}
