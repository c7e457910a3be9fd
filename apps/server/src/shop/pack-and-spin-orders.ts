import type { CreateOrderInput, Order, SpinResult } from '@outpost/contracts/shop';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { credit, getBalance } from '../ledger/index';
import {
  capturePaid,
  claimFulfilment,
  findOwnOrder,
  openOrder,
  type PaymentOrderRow,
  PayPalOffError,
  type PayPalOrdersApi,
  type PricedOrder,
  toOrder,
} from '../payments/index';
import { readContainerSpinConfig, shopIsOpen } from './catalogue';
import {
  DropClosedError,
  MachineNotFoundError,
  MachineUnavailableError,
  ShopClosedError,
  SoldOutError,
  spinMachine,
} from './spins';

/*
 * The shop's orders: credit packs and spins, priced from the shop's tables and paid through
 * payments (its order record, PayPal's capture, the one fulfilment per order).
 */

export class PackNotFoundError extends Error {}
export class PackUnavailableError extends Error {}
export class NoPayPalPriceError extends Error {}
/** A spin order settled before as credits (its machine could no longer spin), asked for again. */
export class OrderSettledAsCreditsError extends Error {
  constructor(readonly credits: number) {
    super(`This order was settled as ${credits} credits, since the machine could no longer spin.`);
  }
}
/** Paid, but the machine could no longer spin: the payment became credits instead. */
export class SpinRefundedAsCreditsError extends Error {
  constructor(
    readonly credits: number,
    readonly balance: number,
    readonly refusal: Error,
  ) {
    super(refusal.message);
  }
}

/** What the order costs, from Outpost's own tables; refused when it cannot be bought now. */
async function price(db: Kysely<GameDatabase>, input: CreateOrderInput, now: Date): Promise<PricedOrder> {
  if (input.kind === 'credit-pack') {
    const pack = await db.selectFrom('credit_packs').selectAll().where('pack_id', '=', input.packID).executeTakeFirst();
    if (!pack) throw new PackNotFoundError();
    if (!pack.available) throw new PackUnavailableError();
    return {
      kind: 'credit-pack',
      packID: pack.pack_id,
      machineID: null,
      amountCents: pack.cost_usd,
      credits: pack.credits,
      description: `${pack.name}: ${pack.credits} credits`,
    };
  }
  const config = await readContainerSpinConfig(db);
  if (!shopIsOpen(config, now)) throw new ShopClosedError(config.shopOpens ?? '');
  const machine = await db
    .selectFrom('machines')
    .selectAll()
    .where('machine_id', '=', input.machineID)
    .executeTakeFirst();
  if (!machine) throw new MachineNotFoundError();
  if (!machine.available) throw new MachineUnavailableError();
  if (input.payment === 'paypal' && machine.cost_usd === null) throw new NoPayPalPriceError();
  return {
    kind: 'spin',
    packID: null,
    machineID: machine.machine_id,
    amountCents: input.payment === 'paypal' ? (machine.cost_usd ?? 0) : 0,
    credits: machine.cost_credits,
    description: `A spin of ${machine.name}`,
  };
}

export interface OrderOptions {
  /** The environment's PayPal client; undefined when PayPal is not configured there. */
  paypal: PayPalOrdersApi | undefined;
  now?: Date;
}

/** Records an order at Outpost's price and, paid with PayPal, creates PayPal's order for it. */
export async function createOrder(
  db: Kysely<GameDatabase>,
  userId: string,
  input: CreateOrderInput,
  options: OrderOptions,
): Promise<Order> {
  const now = options.now ?? new Date();
  if (input.payment === 'paypal' && !options.paypal) throw new PayPalOffError();
  const priced = await price(db, input, now);
  return openOrder(db, { userId, payment: input.payment, priced, paypal: options.paypal }, now);
}

export interface PackFulfilment {
  order: Order;
  credits: number;
  balance: number;
}

/** GET /api/fn/process-paypal-order: a credit pack paid with PayPal adds its credits once. */
export async function processPayPalPackOrder(
  db: Kysely<GameDatabase>,
  userId: string,
  paypalOrderID: string,
  options: OrderOptions,
): Promise<PackFulfilment> {
  const now = options.now ?? new Date();
  const order = await findOwnOrder(db, userId, { paypalOrderID }, { kind: 'credit-pack', payment: 'paypal' });
  if (order.status !== 'completed') {
    if (!options.paypal) throw new PayPalOffError();
    await capturePaid(db, options.paypal, order, now);
    await db.transaction().execute(async (trx) => {
      if (!(await claimFulfilment(trx, order.order_id, now))) return;
      await credit(trx, {
        userId,
        amount: order.credits,
        reason: 'purchase',
        reference: `paypal:${paypalOrderID}`,
        now,
      });
    });
  }
  return {
    order: { ...toOrder(order), status: 'completed' },
    credits: order.credits,
    balance: await getBalance(db, userId),
  };
}

async function spinOfOrder(db: Kysely<GameDatabase>, order: PaymentOrderRow, userId: string): Promise<SpinResult> {
  const spin = await db.selectFrom('spins').selectAll().where('order_id', '=', order.order_id).executeTakeFirst();
  if (!spin) throw new OrderSettledAsCreditsError(order.credits);
  const prize = await db
    .selectFrom('machine_prizes')
    .select('name')
    .where('machine_id', '=', spin.machine_id)
    .where('prize_id', '=', spin.prize_id)
    .executeTakeFirst();
  return {
    spinID: spin.spin_id,
    prize: { prizeID: spin.prize_id, name: prize?.name ?? spin.prize_id, itemID: spin.item_id },
    balance: await getBalance(db, userId),
  };
}

/** Refusals of a spin that happen after the player has paid. */
const SPIN_REFUSALS = [SoldOutError, MachineUnavailableError, DropClosedError, ShopClosedError, MachineNotFoundError];

/**
 * GET /api/fn/request-spin: a spin paid with PayPal spins once. When the machine can no longer
 * spin once the money is in (sold out meanwhile), the payment becomes the spin's credits instead.
 */
export async function requestPayPalSpin(
  db: Kysely<GameDatabase>,
  userId: string,
  paypalOrderID: string,
  options: OrderOptions,
): Promise<SpinResult> {
  const now = options.now ?? new Date();
  const order = await findOwnOrder(db, userId, { paypalOrderID }, { kind: 'spin', payment: 'paypal' });
  if (order.status === 'completed') return spinOfOrder(db, order, userId);
  if (!options.paypal) throw new PayPalOffError();
  await capturePaid(db, options.paypal, order, now);
  let refusal: Error | undefined;
  const result = await db.transaction().execute(async (trx) => {
    if (!(await claimFulfilment(trx, order.order_id, now))) return undefined;
    try {
      return await spinMachine(trx, {
        userId,
        machineID: order.machine_id ?? '',
        charge: 'prepaid',
        orderID: order.order_id,
        now,
      });
    } catch (error) {
      if (!SPIN_REFUSALS.some((refused) => error instanceof refused)) throw error;
      refusal = error as Error;
      await credit(trx, {
        userId,
        amount: order.credits,
        reason: 'purchase',
        reference: `paypal:${paypalOrderID}`,
        now,
      });
      return undefined;
    }
  });
  if (refusal) throw new SpinRefundedAsCreditsError(order.credits, await getBalance(db, userId), refusal);
  return result ?? spinOfOrder(db, order, userId);
}

/** GET /api/fn/process-direct-transaction: a spin order paid with credits is charged and spun once. */
export async function processDirectTransaction(
  db: Kysely<GameDatabase>,
  userId: string,
  orderID: string,
  options: Pick<OrderOptions, 'now'> = {},
): Promise<SpinResult> {
  const now = options.now ?? new Date();
  const order = await findOwnOrder(db, userId, { orderID }, { kind: 'spin', payment: 'credits' });
  if (order.status === 'completed') return spinOfOrder(db, order, userId);
  const result = await db.transaction().execute(async (trx) => {
    if (!(await claimFulfilment(trx, order.order_id, now))) return undefined;
    return spinMachine(trx, { userId, machineID: order.machine_id ?? '', charge: 'credits', orderID, now });
  });
  return result ?? spinOfOrder(db, order, userId);
}

const DAY_MS = 86_400_000;

/**
 * Credit packs paid in the 24 hours before `now`: the dashboard's Credit IAPs (24hrs). Bounded at `now`, so the
 * 24 hours before are the figure as it stood then (the tile's change).
 */
export async function countCreditPurchases(db: Kysely<GameDatabase>, now = new Date()): Promise<number> {
  const row = await db
    .selectFrom('payment_orders')
    .where('kind', '=', 'credit-pack')
    .where('status', '=', 'completed')
    .where('settled_at', '>=', new Date(now.getTime() - DAY_MS).toISOString())
    .where('settled_at', '<', now.toISOString())
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
