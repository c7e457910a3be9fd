import type { ContainerSpinConfig, SpinResult } from '@outpost/contracts/shop';
import type { Kysely } from 'kysely';
import { v7 as timeOrderedId } from 'uuid';
import type { GameDatabase } from '../database';
import { grantAllItems, InsufficientCreditsError, type ItemGrant, SpendBatch } from '../ledger/index';
import { type BatchOutcome, BatchQueue } from '../platform/batch-queue';
import { bulkRows, selectRows } from '../platform/db/bulk-rows';
import { isPostgres } from '../platform/db/dialect';
import { inOpenDrop, readContainerSpinConfig, shopIsOpen } from './catalogue';
import { drawPrize, type RandomBelow } from './draw';
import type { DropRow, MachinePrizeRow, MachineRow, SpinTable } from './tables';

/*
 * A spin: charge, draw, take the prize from stock, record it and put the item in the player's
 * inventory, all in one transaction, so a spin is either whole or did not happen.
 *
 * A limited drop sends every player to one machine, and every spin of it must lock that machine's
 * row (and its prizes' stock) until it commits: one spin at a time per machine, whatever the
 * number of instances. So the spins of a machine are run in batches (platform/batch-queue.ts): a
 * batch locks the machine's row first, reads its drops, prizes and the players' balances once,
 * then decides its spins one after the other in arrival order, each drawing from the stock the one
 * before it left and spending from the balance the one before it left, and writes them all in a
 * few statements and one commit. A refused spin (sold out, short of credits) changes nothing and
 * only its caller hears of it. A spin in a caller's transaction (an order's settlement) is a batch
 * of one in that transaction.
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

/** A request whose time is fixed when it is made, not when its batch runs. */
type TimedSpin = SpinRequest & { now: Date };

/** A spins row as bulk rows take it (a plain record). */
type SpinRow = Pick<SpinTable, keyof SpinTable>;

/** The spins of one batch that were not refused, waiting to be written. */
interface SpinWrites {
  spins: SpinRow[];
  grants: ItemGrant[];
  /** Units taken per prize. */
  taken: Map<string, number>;
}

/** The most spins one batch decides: it holds the machine's lock while it runs. */
const MAX_BATCH = 100;

/** The machine's row, locked for the transaction on PostgreSQL (SQLite runs one transaction at a time). */
function lockMachine(trx: Kysely<GameDatabase>, machineID: string) {
  return trx
    .selectFrom('machines')
    .select(['machine_id', 'available', 'cost_credits'])
    .where('machine_id', '=', machineID)
    .$if(isPostgres(trx), (query) => query.forUpdate())
    .executeTakeFirst();
}

async function readStock(trx: Kysely<GameDatabase>, machineID: string) {
  const drops = await trx
    .selectFrom('drops')
    .select(['opens_at', 'closes_at'])
    .where('machine_id', '=', machineID)
    .execute();
  const prizes = await trx
    .selectFrom('machine_prizes')
    .selectAll()
    .where('machine_id', '=', machineID)
    .orderBy('position')
    .execute();
  return { drops, prizes };
}

/** Writes the batch's spins: the machine's version moves by one per spin (admin saves compare it), the stock by what was taken. */
async function writeSpins(trx: Kysely<GameDatabase>, machineID: string, writes: SpinWrites): Promise<void> {
  await trx
    .updateTable('machines')
    .set((eb) => ({ version: eb('version', '+', writes.spins.length) }))
    .where('machine_id', '=', machineID)
    .execute();
  const taken = [...writes.taken].map(([prize_id, units]) => ({ prize_id, units }));
  const moved = await trx
    .updateTable('machine_prizes')
    .from(
      bulkRows<GameDatabase, { prize_id: string; units: number }>(
        trx,
        { prize_id: 'text', units: 'integer' },
        taken,
      ).as('taken'),
    )
    .set((eb) => ({ stock: eb('machine_prizes.stock', '-', eb.ref('taken.units')) }))
    .where('machine_prizes.machine_id', '=', machineID)
    .whereRef('machine_prizes.prize_id', '=', 'taken.prize_id')
    .where((eb) => eb('machine_prizes.stock', '>=', eb.ref('taken.units')))
    .executeTakeFirst();
  // The machine's lock makes this unreachable; the guard keeps the stock whole if that ever changes.
  if (Number(moved.numUpdatedRows) !== taken.length) throw new Error('Stock moved under a batch of spins.');
  await trx
    .insertInto('spins')
    .columns(['spin_id', 'user_id', 'machine_id', 'prize_id', 'item_id', 'order_id', 'created_at'])
    .expression(
      selectRows(
        trx,
        {
          spin_id: 'text',
          user_id: 'text',
          machine_id: 'text',
          prize_id: 'text',
          item_id: 'text',
          order_id: 'text',
          created_at: 'text',
        },
        writes.spins,
      ),
    )
    .execute();
  await grantAllItems(trx, writes.grants);
}

const refused = (error: unknown): BatchOutcome<SpinResult> => ({ ok: false, error });

/** What a batch read once, under the machine's lock, for all its spins. */
interface BatchState {
  config: ContainerSpinConfig;
  machine: Pick<MachineRow, 'machine_id' | 'available' | 'cost_credits'> | undefined;
  drops: readonly Pick<DropRow, 'opens_at' | 'closes_at'>[];
  /** The stock as the spins decided so far left it. */
  prizes: MachinePrizeRow[];
  wallets: SpendBatch;
}

/** Decides one spin of a batch on what the spins before it left, and adds what it writes to `writes`. */
function decideSpin(request: TimedSpin, state: BatchState, writes: SpinWrites): BatchOutcome<SpinResult> {
  const { config, machine } = state;
  if (!shopIsOpen(config, request.now)) return refused(new ShopClosedError(config.shopOpens ?? ''));
  if (!machine) return refused(new MachineNotFoundError());
  if (!machine.available) return refused(new MachineUnavailableError());
  if (!inOpenDrop(state.drops, request.now)) return refused(new DropClosedError());
  const prize = drawPrize(state.prizes, request.randomBelow);
  if (!prize) return refused(new SoldOutError());
  const spinID = timeOrderedId();
  const reference = `spin:${spinID}`;
  let balance: number;
  try {
    balance =
      request.charge === 'credits'
        ? state.wallets.spend({
            userId: request.userId,
            amount: machine.cost_credits,
            reason: 'spin',
            reference,
            now: request.now,
          })
        : state.wallets.balance(request.userId);
  } catch (error) {
    if (error instanceof InsufficientCreditsError) return refused(error);
    throw error;
  }
  prize.stock -= 1;
  writes.taken.set(prize.prize_id, (writes.taken.get(prize.prize_id) ?? 0) + 1);
  writes.spins.push({
    spin_id: spinID,
    user_id: request.userId,
    machine_id: machine.machine_id,
    prize_id: prize.prize_id,
    item_id: prize.item_id,
    order_id: request.orderID ?? null,
    created_at: request.now.toISOString(),
  });
  writes.grants.push({ userId: request.userId, itemIDs: [prize.item_id], source: 'spin', reference, now: request.now });
  return {
    ok: true,
    value: { spinID, prize: { prizeID: prize.prize_id, name: prize.name, itemID: prize.item_id }, balance },
  };
}

/** Decides and writes the spins of one machine in the caller's transaction; one outcome per request, in order. */
async function spinBatch(
  trx: Kysely<GameDatabase>,
  machineID: string,
  requests: readonly TimedSpin[],
): Promise<BatchOutcome<SpinResult>[]> {
  const config = await readContainerSpinConfig(trx);
  const open = requests.filter((request) => shopIsOpen(config, request.now));
  if (open.length === 0) return requests.map(() => refused(new ShopClosedError(config.shopOpens ?? '')));
  const machine = await lockMachine(trx, machineID);
  // A machine that cannot spin refuses every spin: no stock to read, no balance to hold.
  const spinnable = machine !== undefined && Boolean(machine.available);
  const { drops, prizes } = spinnable ? await readStock(trx, machineID) : { drops: [], prizes: [] };
  const wallets = await SpendBatch.open(trx, spinnable ? open.map((request) => request.userId) : []);
  const state: BatchState = { config, machine, drops, prizes, wallets };
  const writes: SpinWrites = { spins: [], grants: [], taken: new Map() };
  const outcomes = requests.map((request) => decideSpin(request, state, writes));
  if (writes.spins.length > 0) {
    await writeSpins(trx, machineID, writes);
    await wallets.write(trx);
  }
  return outcomes;
}

/** Each store's spin batches, one queue per machine. */
const queues = new WeakMap<Kysely<GameDatabase>, BatchQueue<string, TimedSpin, SpinResult>>();

function queueOf(db: Kysely<GameDatabase>): BatchQueue<string, TimedSpin, SpinResult> {
  let queue = queues.get(db);
  if (!queue) {
    queue = new BatchQueue<string, TimedSpin, SpinResult>(
      (machineID, requests) => db.transaction().execute((trx) => spinBatch(trx, machineID, requests)),
      { maxBatch: MAX_BATCH },
    );
    queues.set(db, queue);
  }
  return queue;
}

/**
 * Spins a machine for a player. Refused, changing nothing, before the shop opens, outside the
 * machine's drops, when it is unavailable or sold out, or (paying in credits) when the balance is
 * short. Joins the caller's transaction when given one (an order's settlement).
 */
export async function spinMachine(db: Kysely<GameDatabase>, request: SpinRequest): Promise<SpinResult> {
  const timed: TimedSpin = { ...request, now: request.now ?? new Date() };
  if (!db.isTransaction) return queueOf(db).submit(request.machineID, timed);
  const [outcome] = await spinBatch(db, request.machineID, [timed]);
  if (!outcome) throw new Error('A batch of one spin answered nothing.');
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}
