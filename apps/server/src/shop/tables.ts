import type { Selectable } from 'kysely';

/** A credit pack (docs/product.md §3.16): credits for a price in US cents. */
export interface CreditPackTable {
  pack_id: string;
  name: string;
  credits: number;
  cost_usd: number;
  /** 0 or 1: players see only available packs (docs/product.md §6.1). */
  available: number;
  created_at: string;
  updated_at: string;
}

/** A mystery-ball machine; its prizes are rows of machine_prizes. */
export interface MachineTable {
  machine_id: string;
  name: string;
  description: string;
  available: number;
  cost_credits: number;
  /** US cents for a spin paid with PayPal; null: credits only. */
  cost_usd: number | null;
  /** Bumped by every save and every spin, so an admin's save never overwrites stock spins took. */
  version: number;
  created_at: string;
  updated_at: string;
}

export interface MachinePrizeTable {
  machine_id: string;
  prize_id: string;
  position: number;
  name: string;
  item_id: string;
  /** Relative odds: a prize's chance is its weight over the weights of prizes in stock. */
  weight: number;
  stock: number;
}

/** A window in which a machine spins; a machine with drops spins only inside one. */
export interface DropTable {
  drop_id: string;
  machine_id: string;
  name: string;
  /** ISO 8601, UTC. */
  opens_at: string;
  closes_at: string;
}

export interface SpinTable {
  spin_id: string;
  user_id: string;
  machine_id: string;
  prize_id: string;
  item_id: string;
  order_id: string | null;
  created_at: string;
}

export type CreditPackRow = Selectable<CreditPackTable>;
export type MachineRow = Selectable<MachineTable>;
export type MachinePrizeRow = Selectable<MachinePrizeTable>;
export type DropRow = Selectable<DropTable>;

export interface ShopTables {
  credit_packs: CreditPackTable;
  machines: MachineTable;
  machine_prizes: MachinePrizeTable;
  drops: DropTable;
  spins: SpinTable;
}

declare module '../database' {
  interface GameDatabase extends ShopTables {}
}
