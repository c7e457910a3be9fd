import type { Generated, Selectable } from 'kysely';

/**
 * Reports (docs/product.md §3.9 Report): filed by players from the account area or by the game's servers,
 * resolved by moderators. Never deleted: a resolved report stays as the record of what was done.
 */
export interface ReportTable {
  /** A random id, two base-36 strings (docs/product.md §5.7). */
  report_id: string;
  category: string;
  /** Who or what is reported, trimmed, as filed. */
  target: string;
  text: string;
  /** The reporting player's user id; null when the game filed it without one. */
  reporter: string | null;
  /** account or game. */
  source: string;
  /** ISO 8601, UTC. */
  created_at: string;
  /** 0 unresolved, 1 resolved. */
  resolved: number;
  /** The moderator's user id, the time and their note, once resolved. */
  resolved_by: string | null;
  resolved_at: string | null;
  resolution: string | null;
  /** The report's number for people (Report #12), given by the store (platform/db/row-numbers.ts). */
  report_number: Generated<number>;
}

export type ReportRow = Selectable<ReportTable>;

export interface ModerationTables {
  reports: ReportTable;
}

declare module '../database' {
  interface GameDatabase extends ModerationTables {}
}
