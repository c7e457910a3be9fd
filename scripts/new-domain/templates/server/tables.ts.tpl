import type { Selectable } from 'kysely';

/** __Words__ entries, in each environment's store. */
export interface __Pascal__EntryTable {
  entry_id: string;
  name: string;
  score: number;
  /** The player the entry is for, or null. */
  player_id: string | null;
  /** ISO 8601, or null: never ends. */
  ends_at: string | null;
  /** ISO 8601. */
  created_at: string;
  updated_at: string;
}

export type __Pascal__EntryRow = Selectable<__Pascal__EntryTable>;

export interface __Pascal__Tables {
  __snake___entries: __Pascal__EntryTable;
}

declare module '../database' {
  interface GameDatabase extends __Pascal__Tables {}
}
