import {
  type ContainerSpinConfig,
  containerSpinConfigSchema,
  type Drop,
  publishedOdds,
  type ShopMachine,
} from '@outpost/contracts/shop';
import type { Kysely } from 'kysely';
import { readConfigDocument } from '../backoffice/index';
import type { GameDatabase } from '../database';
import type { CreditPackRow, DropRow } from './tables';

/** config/container-spin (docs/product.md §3.16): the shop's opening date; never written means open. */
export const CONTAINER_SPIN_CONFIG_ID = 'container-spin';

export function readContainerSpinConfig(db: Kysely<GameDatabase>): Promise<ContainerSpinConfig> {
  return readConfigDocument(db, CONTAINER_SPIN_CONFIG_ID, containerSpinConfigSchema, { shopOpens: null });
}

/** True once the shop has opened (or when it has no opening date). */
export function shopIsOpen(config: ContainerSpinConfig, now: Date): boolean {
  return config.shopOpens === null || Date.parse(config.shopOpens) <= now.getTime();
}

/** A machine with drops spins only while one of them is open; one without drops whenever it is available. */
export function inOpenDrop(drops: readonly Pick<DropRow, 'opens_at' | 'closes_at'>[], now: Date): boolean {
  const at = now.toISOString();
  return drops.length === 0 || drops.some((drop) => drop.opens_at <= at && at < drop.closes_at);
}

export function toDrop(row: DropRow): Drop {
  return {
    dropID: row.drop_id,
    machineID: row.machine_id,
    name: row.name,
    opensAt: row.opens_at,
    closesAt: row.closes_at,
  };
}

export function toCreditPack(row: CreditPackRow) {
  return {
    packID: row.pack_id,
    name: row.name,
    credits: row.credits,
    costUSD: row.cost_usd,
    available: Boolean(row.available),
  };
}

export interface CatalogueOptions {
  now: Date;
  /** Admins and staff (docs/product.md §6.1): unavailable packs and machines too, each marked. */
  seeAll: boolean;
  /** Only these machines (one a live stream reports changed). */
  machineIDs?: readonly string[];
}

/** The credit packs a viewer sees, cheapest first (docs/product.md §7.11). */
export async function listShopPacks(db: Kysely<GameDatabase>, seeAll: boolean) {
  let packs = db.selectFrom('credit_packs').selectAll();
  if (!seeAll) packs = packs.where('available', '=', 1);
  const rows = await packs.orderBy('cost_usd', 'asc').orderBy('pack_id').execute();
  return rows.map(toCreditPack);
}

/** The machines a viewer sees, with their published odds and the drops still to come or open. */
export async function listShopMachines(db: Kysely<GameDatabase>, options: CatalogueOptions): Promise<ShopMachine[]> {
  let machines = db.selectFrom('machines').selectAll();
  if (!options.seeAll) machines = machines.where('available', '=', 1);
  if (options.machineIDs) machines = machines.where('machine_id', 'in', options.machineIDs);
  const rows = await machines.orderBy('name').orderBy('machine_id').execute();
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.machine_id);
  const [prizes, drops] = await Promise.all([
    db.selectFrom('machine_prizes').selectAll().where('machine_id', 'in', ids).orderBy('position').execute(),
    db.selectFrom('drops').selectAll().where('machine_id', 'in', ids).orderBy('opens_at').execute(),
  ]);
  const at = options.now.toISOString();
  return rows.map((machine) => {
    const own = prizes.filter((prize) => prize.machine_id === machine.machine_id);
    const ownDrops = drops.filter((drop) => drop.machine_id === machine.machine_id);
    const odds = publishedOdds(own);
    return {
      machineID: machine.machine_id,
      name: machine.name,
      description: machine.description,
      available: Boolean(machine.available),
      costCredits: machine.cost_credits,
      costUSD: machine.cost_usd,
      prizes: own.map((prize, index) => ({
        prizeID: prize.prize_id,
        name: prize.name,
        itemID: prize.item_id,
        odds: odds[index] ?? 0,
        stock: prize.stock,
      })),
      drops: ownDrops.filter((drop) => drop.closes_at > at).map(toDrop),
      spinnable:
        Boolean(machine.available) && inOpenDrop(ownDrops, options.now) && own.some((prize) => prize.stock > 0),
    };
  });
}
