import { STORE_PURCHASE_MESSAGES, type StoreGrant } from '@outpost/contracts/store-purchases/schemas';
import type { PremiumPlanId } from '@outpost/contracts/subscriptions/schemas';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { credit, getBalance, takeBack } from '../ledger/index';
import { isPostgres } from '../platform/db/dialect';
import { findCreditPack } from '../shop/index';
import {
  findSubscription,
  planForStoreProduct,
  readPremium,
  recordInTransaction,
  type SubscriptionRef,
} from '../subscriptions/index';
import { namesPlayer } from './account-token';
import type { StoreSubscriptionReport, VerifiedPurchase, VerifiedStoreTransaction } from './store-report';
import type { StorePurchaseRow } from './tables';

/*
 * A store transaction grants once, whoever reports it first: the game after its purchase, the game
 * again (a retry, a restore), or the store's own notification. The store_purchases row, keyed by
 * the store and its transaction id, is claimed in the transaction that grants; a second report
 * waits on the first's row and answers its grant.
 */

/** Why a store purchase is not granted to this player; the route answers it in words. */
export class StorePurchaseRefusal extends Error {
  constructor(
    readonly reason: 'other-player' | 'reversed' | 'unknown-product',
    message: string,
  ) {
    super(message);
  }
}

/** What a transaction buys: a credit pack's credits, or a premium plan's period. */
type Bought = { kind: 'credit-pack'; credits: number } | { kind: 'premium'; planId: PremiumPlanId };

async function boughtBy(game: Kysely<GameDatabase>, transaction: VerifiedStoreTransaction): Promise<Bought> {
  if (transaction.type === 'consumable') {
    // The store sold it: the pack's availability on the web shop does not matter here.
    const pack = await findCreditPack(game, transaction.productId);
    if (pack) return { kind: 'credit-pack', credits: pack.credits };
  } else {
    const plan = await planForStoreProduct(game, transaction.productId);
    if (plan) return { kind: 'premium', planId: plan.planId };
  }
  throw new StorePurchaseRefusal('unknown-product', STORE_PURCHASE_MESSAGES.unknownProduct(transaction.productId));
}

const ledgerReference = (store: string, transactionId: string) => `${store}:${transactionId}`;

/** A reversal's ledger reference names its time: a refund reversed and refunded again is a second reversal. */
const reversalReference = (row: StorePurchaseRow, kind: string, at: string) =>
  `${ledgerReference(row.store, row.transaction_id)}:${kind}:${at}`;

function subscriptionRef(
  transaction: VerifiedStoreTransaction,
  userId: string,
  planId?: PremiumPlanId,
): SubscriptionRef {
  return {
    channel: transaction.store,
    channelId: transaction.subscriptionId ?? transaction.transactionId,
    userId,
    ...(planId ? { planId } : {}),
  };
}

/** Claims the transaction's row; answers the row that holds it (this one, or an earlier report's). */
async function claim(
  trx: Kysely<GameDatabase>,
  transaction: VerifiedStoreTransaction,
  bought: Bought,
  userId: string,
  now: Date,
): Promise<{ row: StorePurchaseRow; first: boolean }> {
  const inserted = await trx
    .insertInto('store_purchases')
    .values({
      store: transaction.store,
      transaction_id: transaction.transactionId,
      user_id: userId,
      product_id: transaction.productId,
      kind: bought.kind,
      credits: bought.kind === 'credit-pack' ? bought.credits : null,
      subscription_id: bought.kind === 'premium' ? subscriptionRef(transaction, userId).channelId : null,
      amount_cents: transaction.amount?.cents ?? null,
      currency: transaction.amount?.currency ?? null,
      environment: transaction.environment,
      purchased_at: new Date(transaction.purchasedAt).toISOString(),
      granted_at: now.toISOString(),
      reversal: null,
      reversed_at: null,
      credits_taken_back: null,
    })
    .onConflict((conflict) => conflict.columns(['store', 'transaction_id']).doNothing())
    .executeTakeFirst();
  const row = await trx
    .selectFrom('store_purchases')
    .selectAll()
    .where('store', '=', transaction.store)
    .where('transaction_id', '=', transaction.transactionId)
    .executeTakeFirstOrThrow();
  return { row, first: Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 };
}

/**
 * Records a subscription transaction and what the store says of the subscription now. A paid
 * transaction is the subscription's purchase when it is the first Outpost knows of it, a renewal
 * after that; either gives premium to the period's end.
 */
async function recordPremium(
  trx: Kysely<GameDatabase>,
  transaction: VerifiedStoreTransaction,
  reports: readonly StoreSubscriptionReport[],
  userId: string,
  planId: PremiumPlanId,
  now: Date,
): Promise<void> {
  const ref = subscriptionRef(transaction, userId, planId);
  const earlier = await trx
    .selectFrom('store_purchases')
    .select('transaction_id')
    .where('store', '=', transaction.store)
    .where('subscription_id', '=', ref.channelId)
    .where('purchased_at', '<', new Date(transaction.purchasedAt).toISOString())
    .executeTakeFirst();
  await recordInTransaction(
    trx,
    ref,
    {
      eventId: `transaction:${transaction.transactionId}`,
      kind: earlier ? 'renew' : 'purchase',
      at: transaction.purchasedAt,
      until: transaction.expiresAt,
    },
    now,
  );
  for (const report of reports) await recordInTransaction(trx, ref, report, now);
}

/** The player's grant of a transaction as the game is answered: the same for every repeat. */
async function grantOf(game: Kysely<GameDatabase>, row: StorePurchaseRow, first: boolean): Promise<StoreGrant> {
  const isPack = row.kind === 'credit-pack';
  return {
    store: row.store as StoreGrant['store'],
    transactionId: row.transaction_id,
    kind: isPack ? 'credit-pack' : 'premium',
    credits: isPack ? row.credits : null,
    balance: isPack ? await getBalance(game, row.user_id) : null,
    premium: isPack ? null : await readPremium(game, row.user_id),
    grantedAt: row.granted_at,
    firstGrant: first,
  };
}

/**
 * Grants a verified store purchase to `userId` once: a credit pack's credits in the ledger, or the
 * subscription's period (and what the store says of it now). A repeat answers the first grant; a
 * transaction granted to another player, reversed by the store, or of a product Outpost does not
 * sell is refused and changes nothing.
 */
export async function grantStorePurchase(
  game: Kysely<GameDatabase>,
  purchase: VerifiedPurchase,
  userId: string,
  now = new Date(),
): Promise<StoreGrant> {
  const { row, first } = await game.transaction().execute((trx) => grantInTransaction(trx, purchase, userId, now));
  return grantOf(game, row, first);
}

/** grantStorePurchase's work, in a transaction the caller holds (the demo seed's); answers the transaction's row. */
export async function grantInTransaction(
  trx: Kysely<GameDatabase>,
  purchase: VerifiedPurchase,
  userId: string,
  now: Date,
): Promise<{ row: StorePurchaseRow; first: boolean }> {
  const { transaction } = purchase;
  if (transaction.accountToken !== undefined && !namesPlayer(transaction.accountToken, userId)) {
    throw new StorePurchaseRefusal('other-player', STORE_PURCHASE_MESSAGES.otherPlayer);
  }
  if (transaction.revokedAt !== undefined) {
    throw new StorePurchaseRefusal('reversed', STORE_PURCHASE_MESSAGES.reversed);
  }
  const bought = await boughtBy(trx, transaction);
  if (bought.kind === 'premium') {
    const subscription = await findSubscription(trx, subscriptionRef(transaction, userId));
    if (subscription && subscription.userId !== userId) {
      throw new StorePurchaseRefusal('other-player', STORE_PURCHASE_MESSAGES.otherPlayer);
    }
  }
  const claimed = await claim(trx, transaction, bought, userId, now);
  if (claimed.row.user_id !== userId) {
    throw new StorePurchaseRefusal('other-player', STORE_PURCHASE_MESSAGES.otherPlayer);
  }
  if (claimed.first && bought.kind === 'credit-pack') {
    await credit(trx, {
      userId,
      amount: bought.credits,
      reason: 'purchase',
      reference: ledgerReference(transaction.store, transaction.transactionId),
      now,
    });
  }
  // Also on a repeat: the store's status of the subscription may have moved since (reports are kept once each).
  if (bought.kind === 'premium') {
    await recordPremium(trx, transaction, purchase.subscriptionReports, userId, bought.planId, now);
  }
  return claimed;
}

/** The transaction's row, held until the caller's transaction ends (PostgreSQL; SQLite writes one at a time). */
function lockedPurchase(
  trx: Kysely<GameDatabase>,
  { store, transactionId }: { store: string; transactionId: string },
): Promise<StorePurchaseRow | undefined> {
  return trx
    .selectFrom('store_purchases')
    .selectAll()
    .where('store', '=', store)
    .where('transaction_id', '=', transactionId)
    .$if(isPostgres<GameDatabase>(trx), (query) => query.forUpdate())
    .executeTakeFirst();
}

/** How a store's refund or revocation of a transaction went. */
export type ReversalOutcome = 'reversed' | 'already-reversed' | 'unknown-transaction';

/**
 * The store refunded or revoked a transaction: a credit pack's credits come back out of the ledger
 * (as many as the balance holds: credits already spent stay spent, and the purchase records how
 * many, for the player and staff to see); a subscription's transaction ends its premium. Once per
 * transaction, whichever notification says it first.
 */
export async function reverseStorePurchase(
  game: Kysely<GameDatabase>,
  reversal: { store: string; transactionId: string; kind: 'refund' | 'revoke'; at: string },
  now = new Date(),
): Promise<ReversalOutcome> {
  return game.transaction().execute((trx) => reverseInTransaction(trx, reversal, now));
}

/** reverseStorePurchase's work, in a transaction the caller holds (the demo seed's). */
export async function reverseInTransaction(
  trx: Kysely<GameDatabase>,
  reversal: { store: string; transactionId: string; kind: 'refund' | 'revoke'; at: string },
  now: Date,
): Promise<ReversalOutcome> {
  const row = await lockedPurchase(trx, reversal);
  if (!row) return 'unknown-transaction';
  if (row.reversal !== null) return 'already-reversed';
  let takenBack: number | null = null;
  if (row.kind === 'credit-pack' && row.credits !== null) {
    takenBack = await takeBack(trx, {
      userId: row.user_id,
      amount: row.credits,
      reason: 'refund',
      reference: reversalReference(row, reversal.kind, reversal.at),
      now,
    });
  } else if (row.subscription_id !== null) {
    await recordInTransaction(
      trx,
      { channel: row.store as SubscriptionRef['channel'], channelId: row.subscription_id, userId: row.user_id },
      { eventId: `${reversal.kind}:${row.transaction_id}`, kind: reversal.kind, at: reversal.at },
      now,
    );
  }
  await trx
    .updateTable('store_purchases')
    .set({ reversal: reversal.kind, reversed_at: reversal.at, credits_taken_back: takenBack })
    .where('store', '=', row.store)
    .where('transaction_id', '=', row.transaction_id)
    .execute();
  return 'reversed';
}

/** How a store's reversal of its refund went. */
export type RestorationOutcome = 'restored' | 'not-reversed' | 'unknown-transaction';

/**
 * The store reversed its refund: the purchase stands again, once. A credit pack's credits come back
 * exactly as many as the refund took back (what the balance held then; credits spent before the
 * refund were never taken, so there is nothing to give back for them); a subscription's premium
 * comes back as the store's status of it says (its period bought again, then the status's reports).
 * A purchase not reversed (never, or already restored) is left as it is.
 */
export async function restoreStorePurchase(
  game: Kysely<GameDatabase>,
  restoration: {
    store: string;
    transactionId: string;
    /** Subscriptions: the transaction's period end, and what the store says of the subscription now. */
    until?: string;
    subscriptionReports: readonly StoreSubscriptionReport[];
  },
  now = new Date(),
): Promise<RestorationOutcome> {
  return game.transaction().execute(async (trx) => {
    const row = await lockedPurchase(trx, restoration);
    if (!row) return 'unknown-transaction';
    if (row.reversal === null || row.reversed_at === null) return 'not-reversed';
    const taken = row.credits_taken_back ?? 0;
    if (row.kind === 'credit-pack' && taken > 0) {
      await credit(trx, {
        userId: row.user_id,
        amount: taken,
        reason: 'purchase',
        reference: `${reversalReference(row, row.reversal, row.reversed_at)}:reversed`,
        now,
      });
    } else if (row.subscription_id !== null) {
      const ref = {
        channel: row.store as SubscriptionRef['channel'],
        channelId: row.subscription_id,
        userId: row.user_id,
      };
      // Folded right after the refund it undoes (its id sorts just after `refund:<id>` at the same time),
      // so whatever the store reported since (an expiry, renewal turned off) still follows it.
      await recordInTransaction(
        trx,
        ref,
        {
          eventId: `${row.reversal}:${row.transaction_id}:reversed`,
          kind: 'purchase',
          at: row.reversed_at,
          until: restoration.until,
        },
        now,
      );
      for (const report of restoration.subscriptionReports) await recordInTransaction(trx, ref, report, now);
    }
    await trx
      .updateTable('store_purchases')
      .set({ reversal: null, reversed_at: null, credits_taken_back: null })
      .where('store', '=', row.store)
      .where('transaction_id', '=', row.transaction_id)
      .execute();
    return 'restored';
  });
}
