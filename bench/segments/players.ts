import { createHash } from 'node:crypto';
import { BETA_REQUEST_STATUS } from '@outpost/contracts/beta';
import type { LedgerReason } from '@outpost/contracts/economy';
import { PARTNER_KEY } from '@outpost/contracts/partners';
import type { PushPlatform } from '@outpost/contracts/push';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { AppStores, GameDatabase } from '../../apps/server/src/database';
import type { Dialect } from '../../apps/server/src/platform/db/stores';
import { seedGameDataAtScale } from '../game-data/scale';
import { benchUser, SEARCH_USERS, seedSearchUsers } from '../search/users';

/*
 * What Outpost knows of 100,000 players, written straight into the tables segments read
 * (apps/server/src/*\/segment-attributes.ts): the accounts (bench/search/users.ts), the game's
 * presence, levels and 500,000 play sessions (bench/game-data/scale.ts), then credits and their
 * ledger, web orders, store purchases, subscriptions, push devices, beta requests, invite claims and
 * partners, each for a share of the crowd a live game has, from one deterministic hash per player and
 * purpose. Through the app's own writes this would take the better part of an hour; every value here
 * is one the app writes (the ledger adds up to each balance, orders and purchases have their states).
 */

const DAY_MS = 86_400_000;
/** SQLite binds at most 32,766 values per statement (PostgreSQL 65,535). */
const BOUND_VALUES = 30_000;

/** A number in [0, 1) for player `index` and `purpose`, the same on every run. */
function chance(index: number, purpose: number): number {
  let hash = Math.imul(index + 1, 0x9e3779b1) ^ Math.imul(purpose + 1, 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 16), 0x7feb352d);
  hash = Math.imul(hash ^ (hash >>> 15), 0x846ca68b);
  return ((hash ^ (hash >>> 16)) >>> 0) / 4_294_967_296;
}

/** A whole number in [low, high], weighted to the low end as spending and play are (a few whales). */
const skewed = (r: number, low: number, high: number) => Math.floor(low + r ** 3 * (high - low + 1));

const PURPOSE = {
  credits: 1,
  creditsAmount: 2,
  spins: 3,
  merch: 4,
  orders: 5,
  orderKind: 6,
  store: 7,
  subscription: 8,
  subscriptionState: 9,
  devices: 10,
  platform: 11,
  beta: 12,
  invite: 13,
  partner: 14,
} as const;

/** Shares of the crowd: who holds credits, has paid, subscribed, registered a device, asked to join the beta. */
const SHARE = {
  credits: 0.7,
  merch: 0.08,
  orders: 0.2,
  storePurchases: 0.1,
  subscriptions: 0.06,
  devices: 0.65,
  betaRequests: 0.12,
  inviteClaims: 0.04,
  partners: 0.01,
} as const;

type Rows<Table extends keyof GameDatabase> = Insertable<GameDatabase[Table]>[];

interface AttributeRows {
  credit_ledger: Rows<'credit_ledger'>;
  credit_balances: Rows<'credit_balances'>;
  payment_orders: Rows<'payment_orders'>;
  store_purchases: Rows<'store_purchases'>;
  subscriptions: Rows<'subscriptions'>;
  push_devices: Rows<'push_devices'>;
  beta_requests: Rows<'beta_requests'>;
  invites: Rows<'invites'>;
  invite_claims: Rows<'invite_claims'>;
}

/** The players' credits: a pack bought, spins and merch paid, rewards; the ledger adds up to the balance. */
function creditsOf(index: number, userId: string, now: number, rows: AttributeRows): void {
  if (chance(index, PURPOSE.credits) >= SHARE.credits) return;
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY_MS).toISOString();
  let balance = 0;
  let entry = 0;
  const add = (amount: number, reason: LedgerReason, daysAgo: number) => {
    balance += amount;
    rows.credit_ledger.push({
      user_id: userId,
      amount,
      reason,
      reference: `bench:${reason}:${index}:${entry++}`,
      balance_after: balance,
      created_at: at(daysAgo),
    });
  };
  const start = 1 + Math.floor(chance(index, PURPOSE.creditsAmount) * 85);
  add(skewed(chance(index, PURPOSE.creditsAmount + 100), 100, 20_000), 'purchase', start);
  add(50, 'reward', start - 0.5);
  const spins = Math.floor(chance(index, PURPOSE.spins) * 8);
  for (let spin = 0; spin < spins; spin += 1) {
    const cost = 10 * (1 + ((index + spin) % 10));
    if (cost <= balance) add(-cost, 'spin', start - 0.6 - spin * 0.1);
  }
  if (chance(index, PURPOSE.merch) < SHARE.merch / SHARE.credits) {
    const cost = 200 * (1 + (index % 4));
    if (cost <= balance) add(-cost, 'merch', start - 1);
  }
  rows.credit_balances.push({ user_id: userId, balance });
}

/** Web orders: credit packs paid by PayPal or card, spins paid in credits; most completed. */
function ordersOf(index: number, userId: string, now: number, rows: AttributeRows): void {
  if (chance(index, PURPOSE.orders) >= SHARE.orders) return;
  const count = 1 + Math.floor(chance(index, PURPOSE.orders + 100) * 4);
  for (let order = 0; order < count; order += 1) {
    const r = chance(index * 7 + order, PURPOSE.orderKind);
    const pack = r < 0.6;
    const completed = r < 0.9 || r >= 0.95;
    const createdAt = new Date(now - (1 + ((index + order * 13) % 80)) * DAY_MS).toISOString();
    rows.payment_orders.push({
      order_id: `bench-order-${index}-${order}`,
      user_id: userId,
      kind: pack ? 'credit-pack' : 'spin',
      payment: pack ? (r < 0.3 ? 'paypal' : 'stripe') : 'credits',
      pack_id: pack ? 'pack-small' : null,
      machine_id: pack ? null : 'machine-bench',
      amount_cents: pack ? 499 : 0,
      credits: pack ? 500 : 50,
      currency: 'USD',
      paypal_order_id: pack && r < 0.3 ? `BENCH-PAYPAL-${index}-${order}` : null,
      stripe_session_id: pack && r >= 0.3 ? `cs_bench_${index}_${order}` : null,
      stripe_payment_intent: pack && r >= 0.3 && completed ? `pi_bench_${index}_${order}` : null,
      status: completed ? 'completed' : 'created',
      created_at: createdAt,
      settled_at: completed ? createdAt : null,
    });
  }
}

/** App Store and Google Play purchases, one in twenty refunded; and subscriptions in every state. */
function storeOf(index: number, userId: string, now: number, rows: AttributeRows): void {
  const at = (days: number) => new Date(now + days * DAY_MS).toISOString();
  if (chance(index, PURPOSE.store) < SHARE.storePurchases) {
    const count = 1 + Math.floor(chance(index, PURPOSE.store + 100) * 3);
    for (let purchase = 0; purchase < count; purchase += 1) {
      const refunded = chance(index * 3 + purchase, PURPOSE.store + 200) < 0.05;
      rows.store_purchases.push({
        store: index % 2 === 0 ? 'app-store' : 'google-play',
        transaction_id: `bench-tx-${index}-${purchase}`,
        user_id: userId,
        product_id: 'credits.small',
        kind: 'credit-pack',
        credits: 500,
        subscription_id: null,
        amount_cents: 499,
        currency: 'USD',
        environment: 'production',
        purchased_at: at(-(1 + ((index + purchase) % 85))),
        granted_at: at(-(1 + ((index + purchase) % 85))),
        reversal: refunded ? 'refund' : null,
        reversed_at: refunded ? at(-1) : null,
        credits_taken_back: refunded ? 500 : null,
      });
    }
  }
  if (chance(index, PURPOSE.subscription) < SHARE.subscriptions) {
    const r = chance(index, PURPOSE.subscriptionState);
    // Most running, some cancelled to the period's end, some lapsed, a few in grace.
    const [state, periodEnd, graceEnd] =
      r < 0.55
        ? ['active', at(1 + (index % 29)), null]
        : r < 0.7
          ? ['cancelled', at(1 + (index % 20)), null]
          : r < 0.95
            ? ['expired', at(-(1 + (index % 60))), null]
            : ['grace', at(-1), at(5)];
    const channel = ['app-store', 'google-play', 'stripe'][index % 3] as string;
    rows.subscriptions.push({
      subscription_id: `${channel}:bench-${index}`,
      user_id: userId,
      channel,
      state,
      period_end: periodEnd,
      grace_end: graceEnd,
      last_event_at: at(-(index % 30)),
      updated_at: at(-(index % 30)),
      plan_id: index % 4 === 0 ? 'annual' : 'monthly',
    });
  }
}

/** Push devices: a phone (iOS or Android about evenly), some a second device or the web. */
function devicesOf(index: number, userId: string, now: number, rows: AttributeRows): void {
  if (chance(index, PURPOSE.devices) >= SHARE.devices) return;
  const r = chance(index, PURPOSE.platform);
  const platforms: PushPlatform[] = [r < 0.47 ? 'ios' : r < 0.94 ? 'android' : 'web'];
  if (r * 10 - Math.floor(r * 10) < 0.2) platforms.push(platforms[0] === 'web' ? 'android' : 'web');
  platforms.forEach((platform, device) => {
    const token = `bench-token-${platform}-${index}-${device}-${'x'.repeat(100)}`;
    const registered = new Date(now - (1 + ((index + device) % 80)) * DAY_MS).toISOString();
    rows.push_devices.push({
      token_hash: createHash('sha256').update(token).digest('hex'),
      token,
      user_id: userId,
      platform,
      registered_at: registered,
      last_seen: registered,
    });
  });
}

const INVITES = 200;

/** Beta requests (half accepted) and claims of the admin's invites. */
function betaOf(index: number, now: number, rows: AttributeRows): void {
  const user = benchUser(index);
  const at = new Date(now - (1 + (index % 60)) * DAY_MS).toISOString();
  if (chance(index, PURPOSE.beta) < SHARE.betaRequests) {
    const accepted = chance(index, PURPOSE.beta + 100) < 0.5;
    rows.beta_requests.push({
      user_id: user.id,
      email: user.email,
      display_name: user.displayName,
      max_invites: 3,
      invite_code: null,
      timestamp: at,
      data: '{"platform":"ios","hours":"5-10"}',
      status: accepted ? BETA_REQUEST_STATUS.accepted : BETA_REQUEST_STATUS.requested,
      updated_at: at,
      accepted_at: accepted ? at : null,
    });
  }
  if (chance(index, PURPOSE.invite) < SHARE.inviteClaims) {
    rows.invite_claims.push({ invite_id: `bench-invite-${index % INVITES}`, user_id: user.id, claimed_at: at });
  }
}

function attributeRows(now: number): AttributeRows {
  const rows: AttributeRows = {
    credit_ledger: [],
    credit_balances: [],
    payment_orders: [],
    store_purchases: [],
    subscriptions: [],
    push_devices: [],
    beta_requests: [],
    invites: Array.from({ length: INVITES }, (_, invite) => ({
      invite_id: `bench-invite-${invite}`,
      source: 'admin',
      created_by: 'bench',
      claimed: 1,
      expiration: new Date(now + 30 * DAY_MS).toISOString(),
      created: new Date(now - 90 * DAY_MS).toISOString(),
    })),
    invite_claims: [],
  };
  for (let index = 0; index < SEARCH_USERS; index += 1) {
    const userId = benchUser(index).id;
    creditsOf(index, userId, now, rows);
    ordersOf(index, userId, now, rows);
    storeOf(index, userId, now, rows);
    devicesOf(index, userId, now, rows);
    betaOf(index, now, rows);
  }
  return rows;
}

/** Inserts `rows` in statements as large as the binds allow. */
async function inBatches<Row extends object>(rows: readonly Row[], write: (batch: Row[]) => Promise<unknown>) {
  const columns = Math.max(1, Object.keys(rows[0] ?? {}).length);
  const size = Math.floor(BOUND_VALUES / columns);
  for (let start = 0; start < rows.length; start += size) await write(rows.slice(start, start + size));
}

async function writeAttributeRows(game: Kysely<GameDatabase>, rows: AttributeRows): Promise<void> {
  await game.transaction().execute(async (trx) => {
    await inBatches(rows.credit_ledger, (batch) => trx.insertInto('credit_ledger').values(batch).execute());
    await inBatches(rows.credit_balances, (batch) => trx.insertInto('credit_balances').values(batch).execute());
    await inBatches(rows.payment_orders, (batch) => trx.insertInto('payment_orders').values(batch).execute());
    await inBatches(rows.store_purchases, (batch) => trx.insertInto('store_purchases').values(batch).execute());
    await inBatches(rows.subscriptions, (batch) => trx.insertInto('subscriptions').values(batch).execute());
    await inBatches(rows.push_devices, (batch) => trx.insertInto('push_devices').values(batch).execute());
    await inBatches(rows.beta_requests, (batch) => trx.insertInto('beta_requests').values(batch).execute());
    await inBatches(rows.invites, (batch) => trx.insertInto('invites').values(batch).execute());
    await inBatches(rows.invite_claims, (batch) => trx.insertInto('invite_claims').values(batch).execute());
  });
}

/** How many rows of each table the players' attributes were written in. */
export type SeededCounts = Record<keyof AttributeRows | 'partners', number>;

/**
 * The crowd's accounts, the game's data at scale over the last `gameDataDays` (bench/game-data/scale.ts) and
 * every other source of segments' attributes, in the development environment's store. PostgreSQL's planner
 * is told the tables are full (ANALYZE).
 */
export async function seedSegmentPlayers(
  stores: AppStores,
  dialect: Dialect,
  gameDataDays?: number,
): Promise<SeededCounts> {
  const game = stores.game.development;
  await seedSearchUsers(stores.identity, dialect);
  await seedGameDataAtScale(game, dialect, new Date(), gameDataDays);
  const rows = attributeRows(Date.now());
  await writeAttributeRows(game, rows);
  const partners = Array.from({ length: SEARCH_USERS }, (_, index) => index).filter(
    (index) => chance(index, PURPOSE.partner) < SHARE.partners,
  );
  await inBatches(
    partners.map((index) => ({ index })),
    (batch) =>
      stores.identity
        .updateTable('profiles')
        .set({ keys: JSON.stringify([PARTNER_KEY]) })
        .where(
          'user_id',
          'in',
          batch.map(({ index }) => benchUser(index).id),
        )
        .execute(),
  );
  if (dialect === 'postgres') {
    await sql`analyze`.execute(game);
    await sql`analyze profiles`.execute(stores.identity);
  }
  const counts = Object.fromEntries(Object.entries(rows).map(([table, list]) => [table, list.length]));
  return { ...(counts as Record<keyof AttributeRows, number>), partners: partners.length };
}
