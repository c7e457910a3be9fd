import type { Selectable } from 'kysely';

/** Segments, in each environment's store: an audience's rules, as the back office saved them. */
export interface SegmentTable {
  segment_id: string;
  name: string;
  description: string;
  /** The contracts' SegmentDefinition as JSON. */
  definition: string;
  /** Counts saves from 1: a save naming an older one is refused. */
  revision: number;
  /** ISO 8601. */
  created_at: string;
  created_by: string | null;
  updated_at: string;
  updated_by: string | null;
}

export type SegmentRow = Selectable<SegmentTable>;

export interface SegmentsTables {
  segments: SegmentTable;
}

declare module '../database' {
  interface GameDatabase extends SegmentsTables {}
}
