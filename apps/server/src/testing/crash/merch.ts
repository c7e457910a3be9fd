import type { MerchOrder } from '@outpost/contracts/merch';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { GameDatabase } from '../../database';
import type { SignedIn } from '../../identity/testing';
import { putTestProduct, readyToShop } from '../../merch/testing';
import { addCredits, type CrashWorkload, type CreditsMoved, call, playerRota } from './load';

const PRODUCT = 'crash-drop';
/** US cents; 100 credits at the default rate. */
const PRICE = 100;
/** Three sizes; the large one sells out early, so later orders naming it are refused whole. */
const STOCK = { l: 12, m: 100, s: 100 } as const;
const VARIETIES = Object.keys(STOCK) as (keyof typeof STOCK)[];
const TOTAL_STOCK = VARIETIES.reduce((sum, variety) => sum + STOCK[variety], 0);

type Line = { productID: string; varietyID: string; quantity: number };

/** A limited drop of one product in three sizes, and an order profile for every player. */
export async function prepareMerch(
  app: FastifyInstance,
  db: Kysely<GameDatabase>,
  players: readonly SignedIn[],
): Promise<void> {
  await putTestProduct(db, {
    productID: PRODUCT,
    price: PRICE,
    varieties: VARIETIES.map((variety) => [variety, STOCK[variety]] as const),
  });
  for (const player of players) await readyToShop(app, db, player);
}

/** The lines of the `n`th order: one or two sizes, one or two of each. */
function linesOf(n: number): Line[] {
  const first = VARIETIES[n % VARIETIES.length] as string;
  const lines = [{ productID: PRODUCT, varietyID: first, quantity: 1 + (n % 2) }];
  if (n % 3 === 0)
    lines.push({ productID: PRODUCT, varietyID: VARIETIES[(n + 1) % VARIETIES.length] as string, quantity: 1 });
  return lines;
}

const lineKey = (line: Line) => `${line.varietyID}x${line.quantity}`;
const storedLineKey = (row: { variety_id: string; quantity: number }) => `${row.variety_id}x${row.quantity}`;

/**
 * Merch orders taking stock of a limited drop, paid in credits (most at once, some left reserved):
 * every acknowledged order is stored with its lines and every acknowledged payment as paid; each
 * order holds its stock (never below zero, and what is gone is what the stored orders hold), and
 * a paid order has its one charge in the ledger and its payment record completed, a reserved one
 * neither.
 */
export function merchLoad(players: readonly SignedIn[]): CrashWorkload {
  const next = playerRota(players);
  const placed = new Map<string, Line[]>();
  const paid = new Set<string>();
  let orders = 0;
  let unitsPlaced = 0;
  return {
    name: 'merch orders',
    async turn(server) {
      const n = orders;
      orders += 1;
      const player = next();
      const lines = linesOf(n);
      const answer = await call(server, '/api/shop/merch/orders', {
        method: 'POST',
        bearer: player.bearer,
        body: { lines, payment: 'credits' },
      });
      if (answer.status !== 200) return;
      const order = answer.body as MerchOrder;
      placed.set(order.orderID, lines);
      unitsPlaced += lines.reduce((sum, line) => sum + line.quantity, 0);
      // Every fourth order stays reserved: the kill leaves both kinds behind.
      if (n % 4 === 3) return;
      const payment = await call(server, `/api/fn/process-direct-transaction?orderID=${order.orderID}`, {
        bearer: player.bearer,
      });
      if (payment.status === 200) paid.add(order.orderID);
    },
    underWay: () => unitsPlaced >= TOTAL_STOCK / 4 && paid.size >= 5,
    async check({ game }) {
      const stored = await game.selectFrom('merch_orders').selectAll().execute();
      const lines = await game.selectFrom('merch_order_lines').selectAll().execute();
      const payments = await game.selectFrom('payment_orders').selectAll().where('kind', '=', 'merch').execute();
      const charges = await game
        .selectFrom('credit_ledger')
        .select(['user_id', 'amount', 'reference'])
        .where('reason', '=', 'merch')
        .execute();
      const byId = new Map(stored.map((row) => [row.order_id, row]));
      const orderLines = (orderID: string) => lines.filter((line) => line.order_id === orderID);

      // Every acknowledged order, with the lines it was placed with; every acknowledged payment.
      for (const [orderID, sent] of placed) {
        expect(byId.has(orderID), `acknowledged order ${orderID} missing`).toBe(true);
        expect(orderLines(orderID).map(storedLineKey).sort(), `lines of ${orderID}`).toEqual(sent.map(lineKey).sort());
      }
      for (const orderID of paid) expect(byId.get(orderID)?.status, `paid order ${orderID}`).toBe('paid');

      // No half-written order: its lines, its payment record, and its charge exactly when paid.
      const moved: CreditsMoved = new Map();
      for (const order of stored) {
        expect(['reserved', 'paid'], `status of ${order.order_id}`).toContain(order.status);
        expect(orderLines(order.order_id).length, `lines of ${order.order_id}`).toBeGreaterThan(0);
        const payment = payments.find((row) => row.order_id === order.order_id);
        const charged = charges.filter((row) => row.reference === `merch:${order.order_id}`);
        if (order.status === 'paid') {
          expect(payment?.status, `payment of ${order.order_id}`).toBe('completed');
          expect(charged, `charge of ${order.order_id}`).toEqual([
            { user_id: order.user_id, amount: -(order.total_credits ?? 0), reference: `merch:${order.order_id}` },
          ]);
          addCredits(moved, order.user_id, -(order.total_credits ?? 0));
        } else {
          expect(payment?.status, `payment of ${order.order_id}`).toBe('created');
          expect(charged, `charge of ${order.order_id}`).toEqual([]);
        }
      }
      expect(payments.length, 'payment records against orders').toBe(stored.length);
      expect(charges.length, 'merch charges against paid orders').toBe(
        stored.filter((order) => order.status === 'paid').length,
      );
      expect(
        lines.filter((line) => !byId.has(line.order_id)),
        'lines without their order',
      ).toEqual([]);

      // The stock: never below zero, and what is gone is what the stored orders hold.
      const varieties = await game
        .selectFrom('product_varieties')
        .select(['variety_id', 'quantity'])
        .where('product_id', '=', PRODUCT)
        .execute();
      for (const variety of varieties) {
        expect(variety.quantity, `stock of size ${variety.variety_id}`).toBeGreaterThanOrEqual(0);
        const held = lines
          .filter((line) => line.variety_id === variety.variety_id)
          .reduce((sum, line) => sum + line.quantity, 0);
        expect(
          STOCK[variety.variety_id as keyof typeof STOCK] - variety.quantity,
          `size ${variety.variety_id} gone against orders`,
        ).toBe(held);
      }
      return moved;
    },
  };
}
