import type { Selectable } from 'kysely';

/**
 * Lighting presets (docs/product.md §3.11) in each environment's store, one row each with its settings as
 * columns (the database checks their ranges too), and each owner's count of them, which the
 * per-owner cap is taken from with a conditional update.
 */
export interface LightingPresetTable {
  /** A random id (docs/product.md §5.7). */
  preset_id: string;
  /** A user id, 'guest' (docs/product.md §6.3) or the demo's own owner. */
  owner: string;
  name: string;
  /** 0 or 1: shared with everyone. */
  public: number;
  time_of_day: number;
  sun_intensity: number;
  ambient: number;
  fog_density: number;
  /** '#rrggbb', lower case. */
  tint: string;
  /** ISO 8601. */
  created: string;
  updated: string;
}

export interface LightingPresetOwnerTable {
  owner: string;
  /** The owner's rows in `lighting_presets`, moved in the transaction that adds or deletes one. */
  preset_count: number;
}

export type LightingPresetRow = Selectable<LightingPresetTable>;

export interface LightingTables {
  lighting_presets: LightingPresetTable;
  lighting_preset_owners: LightingPresetOwnerTable;
}

declare module '../database' {
  interface GameDatabase extends LightingTables {}
}
