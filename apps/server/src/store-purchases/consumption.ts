import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { getBalance } from '../ledger/index';
import type { StoreNotification } from './store-report';
import type { StorePurchaseRow } from './tables';

/*
 * A store's consumption request: the customer asked the store to refund a purchase, and the store
 * asks what the game knows of it (the App Store's CONSUMPTION_REQUEST, answered with Send
 * Consumption Information within 12 hours). Outpost answers only for a purchase it granted, and
 * only when its player said yes to sharing this with the stores (Apple refuses any answer without
 * the customer's consent); every request is kept with its answer, or with why there was none.
 */

export type ConsumptionRequest = Extract<StoreNotification, { kind: 'consumption-request' }>;

/** What Outpost tells the store of a purchase it granted. */
export interface ConsumptionInformation {
  /**
   * A credit pack: the share of its credits the player spent, in thousandths of a percent (0 to
   * 100 000). Credits are one balance, so the pack's credits still held are as many as the
   * balance holds, up to the pack's (the rule a refund takes credits back by); the rest were spent.
   * None for premium: the store reckons a subscription's use itself.
   */
  consumptionPercentage?: number;
}

/** Sends the information to the store (the App Store's Send Consumption Information); throws when the store did not take it. */
export type SendConsumption = (transactionId: string, information: ConsumptionInformation) => Promise<void>;

export type ConsumptionAnswer =
  | { answer: 'sent'; information: ConsumptionInformation }
  | { answer: 'no-consent' | 'unknown-transaction' | 'unsupported'; why: string }
  /** Another delivery of the same notification holds the request. */
  | { answer: 'duplicate' };

/**
 * Answers a consumption request once per notification and keeps it with its answer. The request's
 * row is claimed first, so that two deliveries of one notification send once; a failure to send
 * throws and gives the claim up, so that the store's retry of the notification tries again.
 */
export async function answerConsumptionRequest(
  game: Kysely<GameDatabase>,
  request: ConsumptionRequest,
  send: SendConsumption | undefined,
  now = new Date(),
): Promise<ConsumptionAnswer> {
  const purchase = await game
    .selectFrom('store_purchases')
    .select(['user_id', 'kind', 'credits', 'reversal', 'credits_taken_back'])
    .where('store', '=', request.store)
    .where('transaction_id', '=', request.transactionId)
    .executeTakeFirst();
  const claimed = await game
    .insertInto('store_consumption_requests')
    .values({
      store: request.store,
      notification_id: request.notificationId,
      transaction_id: request.transactionId,
      user_id: purchase?.user_id ?? null,
      reason: request.reason ?? null,
      requested_at: request.at,
      answer: 'answering',
      detail: '',
      answered_at: now.toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['store', 'notification_id']).doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return { answer: 'duplicate' };
  let answered: Answered;
  try {
    answered = await answer(game, request, purchase, send);
  } catch (error) {
    await game
      .deleteFrom('store_consumption_requests')
      .where('store', '=', request.store)
      .where('notification_id', '=', request.notificationId)
      .execute();
    throw error;
  }
  await game
    .updateTable('store_consumption_requests')
    .set({
      answer: answered.answer,
      detail: answered.answer === 'sent' ? JSON.stringify(answered.information) : answered.why,
      answered_at: new Date().toISOString(),
    })
    .where('store', '=', request.store)
    .where('notification_id', '=', request.notificationId)
    .execute();
  return answered;
}

type Answered = Exclude<ConsumptionAnswer, { answer: 'duplicate' }>;

type GrantedPurchase = Pick<StorePurchaseRow, 'user_id' | 'kind' | 'credits' | 'reversal' | 'credits_taken_back'>;

async function answer(
  game: Kysely<GameDatabase>,
  request: ConsumptionRequest,
  purchase: GrantedPurchase | undefined,
  send: SendConsumption | undefined,
): Promise<Answered> {
  if (!purchase) {
    return {
      answer: 'unknown-transaction',
      why: 'Outpost never granted this transaction, so it knows neither the player nor their consent.',
    };
  }
  if (!(await hasConsented(game, purchase.user_id))) {
    return {
      answer: 'no-consent',
      why: 'The player has not consented to sharing how they used their purchases with the stores.',
    };
  }
  if (!send) return { answer: 'unsupported', why: `${request.store} takes no consumption information.` };
  const information: ConsumptionInformation = {};
  if (purchase.kind === 'credit-pack' && purchase.credits !== null && purchase.credits > 0) {
    // A pack already refunded holds what the refund took back; otherwise what the balance holds of it.
    const held =
      purchase.reversal === null
        ? Math.min(purchase.credits, await getBalance(game, purchase.user_id))
        : (purchase.credits_taken_back ?? 0);
    information.consumptionPercentage = Math.round(((purchase.credits - held) / purchase.credits) * 100_000);
  }
  await send(request.transactionId, information);
  return { answer: 'sent', information };
}

async function hasConsented(game: Kysely<GameDatabase>, userId: string): Promise<boolean> {
  const row = await game
    .selectFrom('store_data_sharing')
    .select('consented')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.consented === 1;
}

/** Records the player's answer to sharing how they used their purchases with the stores; answers it. */
export async function setDataSharing(
  game: Kysely<GameDatabase>,
  userId: string,
  consented: boolean,
  now = new Date(),
): Promise<{ consented: boolean; decidedAt: string }> {
  const row = { consented: consented ? 1 : 0, decided_at: now.toISOString() };
  await game
    .insertInto('store_data_sharing')
    .values({ user_id: userId, ...row })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(row))
    .execute();
  return { consented, decidedAt: row.decided_at };
}

/** The player's answer, or none yet (which is no). */
export async function readDataSharing(
  game: Kysely<GameDatabase>,
  userId: string,
): Promise<{ consented: boolean; decidedAt: string | null }> {
  const row = await game.selectFrom('store_data_sharing').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return { consented: row?.consented === 1, decidedAt: row?.decided_at ?? null };
}
