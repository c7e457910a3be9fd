import type { SpinResult } from '@outpost/contracts/shop';
import type { Kysely } from 'kysely';
import { v7 as timeOrderedId } from 'uuid';
import { getBalance, grantItems, spend } from '../ledger/index';
import type { GameDatabase } from '../stores';
import { inOpenDrop, readContainerSpinConfig, shopIsOpen } from './catalogue';
import { drawPrize, type RandomBelow } from './draw';

/*
 * A spin: charge, draw, take the prize from stock, record it and put the item in the player's
 * inventory, all in one transaction, so a spin is either whole or did not happen. The machine's
 * row is updated first: that lock queues the spins of one machine, so each draws from the stock
 * the one before it left, and no prize is ever drawn twice past its last unit.
 */

export class ShopClosedError extends Error {
  constructor(readonly shopOpens: string) {
    super(`The shop opens at ${shopOpens}.`);
  }
}
export class MachineNotFoundError extends Error {}
export class MachineUnavailableError extends Error {}
export class DropClosedError extends Error {}
export class SoldOutError extends Error {}

export interface SpinRequest {
  userId: string;
  machineID: string;
  /** Take the machine's cost from the player's credits now, or nothing: an order already paid for it. */
  charge: 'credits' | 'prepaid';
  /** The order the spin settles, if any: a spin per order, enforced by a unique key. */
  orderID?: string;
  now?: Date;
  /** The draw's random source; crypto.randomInt unless a test scripts it. */
  randomBelow?: RandomBelow;
}

async function spinIn(trx: Kysely<GameDatabase>, request: SpinRequest, now: Date): Promise<SpinResult> {
  const machine = await trx
    .updateTable('machines')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('machine_id', '=', request.machineID)
    .returning(['machine_id', 'available', 'cost_credits'])
    .executeTakeFirst();
  if (!machine) throw new MachineNotFoundError();
  if (!machine.available) throw new MachineUnavailableError();
  const [drops, prizes] = await Promise.all([
    trx.selectFrom('drops').select(['opens_at', 'closes_at']).where('machine_id', '=', machine.machine_id).execute(),
    trx
      .selectFrom('machine_prizes')
      .selectAll()
      .where('machine_id', '=', machine.machine_id)
      .orderBy('position')
      .execute(),
  ]);
  if (!inOpenDrop(drops, now)) throw new DropClosedError();
  const prize = drawPrize(prizes, request.randomBelow);
  if (!prize) throw new SoldOutError();
  const taken = await trx
    .updateTable('machine_prizes')
    .set((eb) => ({ stock: eb('stock', '-', 1) }))
    .where('machine_id', '=', prize.machine_id)
    .where('prize_id', '=', prize.prize_id)
    .where('stock', '>', 0)
    .executeTakeFirst();
  // The machine's lock makes this unreachable; the guard keeps the stock whole if that ever changes.
  if (Number(taken.numUpdatedRows) !== 1) throw new SoldOutError();

  const spinID = timeOrderedId();
  const reference = `spin:${spinID}`;
  const balance =
    request.charge === 'credits'
      ? (
          await spend(trx, {
            userId: request.userId,
            amount: machine.cost_credits,
            reason: 'spin',
            reference,
            now,
          })
        ).entry.balanceAfter
      : await getBalance(trx, request.userId);
  await trx
    .insertInto('spins')
    .values({
      spin_id: spinID,
      user_id: request.userId,
      machine_id: machine.machine_id,
      prize_id: prize.prize_id,
      item_id: prize.item_id,
      order_id: request.orderID ?? null,
      created_at: now.toISOString(),
    })
    .execute();
  await grantItems(trx, { userId: request.userId, itemIDs: [prize.item_id], source: 'spin', reference, now });
  return { spinID, prize: { prizeID: prize.prize_id, name: prize.name, itemID: prize.item_id }, balance };
}

/**
 * Spins a machine for a player. Refused, changing nothing, before the shop opens, outside the
 * machine's drops, when it is unavailable or sold out, or (paying in credits) when the balance is
 * short. Joins the caller's transaction when given one (an order's settlement).
 */
export async function spinMachine(db: Kysely<GameDatabase>, request: SpinRequest): Promise<SpinResult> {
  const now = request.now ?? new Date();
  const config = await readContainerSpinConfig(db);
  if (!shopIsOpen(config, now)) throw new ShopClosedError(config.shopOpens ?? '');
  if (db.isTransaction) return spinIn(db, request, now);
  return db.transaction().execute((trx) => spinIn(trx, request, now));
}
