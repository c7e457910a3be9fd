import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';

/** Test helpers writing shop rows straight into a store, for tests of the players' side. */

export interface TestPrize {
  prizeID: string;
  itemID?: string;
  weight: number;
  stock: number;
}

export interface TestMachine {
  machineID: string;
  costCredits?: number;
  costUSD?: number | null;
  available?: boolean;
  prizes: TestPrize[];
}

export async function putTestMachine(db: Kysely<GameDatabase>, machine: TestMachine): Promise<void> {
  const at = new Date().toISOString();
  await db
    .insertInto('machines')
    .values({
      machine_id: machine.machineID,
      name: `Machine ${machine.machineID}`,
      description: '',
      available: machine.available === false ? 0 : 1,
      cost_credits: machine.costCredits ?? 100,
      cost_usd: machine.costUSD === undefined ? 99 : machine.costUSD,
      version: 1,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await db
    .insertInto('machine_prizes')
    .values(
      machine.prizes.map((prize, position) => ({
        machine_id: machine.machineID,
        prize_id: prize.prizeID,
        position,
        name: `Prize ${prize.prizeID}`,
        item_id: prize.itemID ?? `item-${prize.prizeID}`,
        weight: prize.weight,
        stock: prize.stock,
      })),
    )
    .execute();
}

export async function putTestPack(
  db: Kysely<GameDatabase>,
  pack: { packID: string; credits: number; costUSD: number; available?: boolean },
): Promise<void> {
  const at = new Date().toISOString();
  await db
    .insertInto('credit_packs')
    .values({
      pack_id: pack.packID,
      name: `Pack ${pack.packID}`,
      credits: pack.credits,
      cost_usd: pack.costUSD,
      available: pack.available === false ? 0 : 1,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

/** The sum of every stock left on a machine. */
export async function stockLeft(db: Kysely<GameDatabase>, machineID: string): Promise<number> {
  const rows = await db.selectFrom('machine_prizes').select('stock').where('machine_id', '=', machineID).execute();
  return rows.reduce((sum, row) => sum + row.stock, 0);
}
