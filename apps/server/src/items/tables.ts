import type { Selectable } from 'kysely';

/**
 * items-master (docs/product.md §3.16): the catalogue of the game's items; everything that grants an
 * item names one.
 */
export interface ItemTable {
  item_id: string;
  name: string;
  /** ISO 8601, UTC. */
  updated_at: string;
}

/** purchasables (docs/product.md §3.16): what the game sells for credits; `item_id` references items-master. */
export interface PurchasableTable {
  purchasable_id: string;
  item_id: string;
  name: string;
  cost_credits: number;
  /** 0 or 1: one representation on both dialects. */
  available: number;
  /** ISO 8601, UTC. */
  updated_at: string;
}

export type ItemRow = Selectable<ItemTable>;
export type PurchasableRow = Selectable<PurchasableTable>;

export interface ItemTables {
  items_master: ItemTable;
  purchasables: PurchasableTable;
}

declare module '../database' {
  interface GameDatabase extends ItemTables {}
}
