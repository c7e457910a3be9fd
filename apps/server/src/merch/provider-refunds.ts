import type { Environment } from '@outpost/contracts/environments';
import { paypalAmountsSchema } from '@outpost/contracts/shop';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import type { AppStores, GameDatabase } from '../database';
import type { PaymentOrderRow } from '../payments/index';
import { PayPalError, type PayPalRefundsApi, StripeApiError, type StripeCheckoutApi } from '../payments/index';
import { type RefundAtProvider, RefundRefusedError, RefundUnansweredError } from './admin-queries';

/*
 * Refunds of merch orders at the provider that took the money: a card payment through the environment's
 * Stripe (its PaymentIntent), a PayPal payment through the environment's PayPal (its capture), under the
 * refund's own idempotency key. A refusal (nothing refunded) and a missing answer (perhaps refunded) are told
 * apart, since the back office undoes only the first.
 */

export interface ProviderRefundsOptions {
  game: AppStores['game'];
  /** Each environment's Stripe; undefined where Stripe is off. */
  stripe: Record<Environment, Pick<StripeCheckoutApi, 'refund'> | undefined>;
  /** Each environment's PayPal; undefined where PayPal is off. */
  paypal: Record<Environment, PayPalRefundsApi | undefined>;
}

export function providerRefunds(options: ProviderRefundsOptions): (environment: Environment) => RefundAtProvider {
  return (environment) => async (payment, amountCents, idempotencyKey) => {
    if (payment.payment === 'stripe') {
      return refundWithStripe(options.stripe[environment], environment, payment, amountCents, idempotencyKey);
    }
    if (payment.payment === 'paypal') {
      const db = options.game[environment];
      return refundWithPayPal(db, options.paypal[environment], environment, payment, amountCents, idempotencyKey);
    }
    throw new RefundRefusedError(`An order paid with ${payment.payment} has no provider to refund it.`);
  };
}

async function refundWithStripe(
  stripe: Pick<StripeCheckoutApi, 'refund'> | undefined,
  environment: Environment,
  payment: PaymentOrderRow,
  amountCents: number,
  idempotencyKey: string,
): Promise<string> {
  if (!stripe) {
    throw new RefundRefusedError(
      `Stripe is not set up for ${environment} (STRIPE_${environment.toUpperCase()}_*), so this card payment cannot be refunded from here.`,
      true,
    );
  }
  if (!payment.stripe_payment_intent) {
    throw new RefundRefusedError("No Stripe payment is recorded for this order; refund it in Stripe's dashboard.");
  }
  try {
    const refund = await stripe.refund({ paymentIntent: payment.stripe_payment_intent, amountCents, idempotencyKey });
    if (refund.status === 'failed' || refund.status === 'canceled') {
      throw new RefundRefusedError(`Stripe did not refund the payment: its refund ${refund.id} is ${refund.status}.`);
    }
    return refund.id;
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    if (error.status === undefined || error.status >= 500) throw new RefundUnansweredError(error.message);
    throw new RefundRefusedError(error.message);
  }
}

/** The capture PayPal made for the order: the one its last completed settlement recorded. */
async function completedCaptureId(db: Kysely<GameDatabase>, paypalOrderID: string | null): Promise<string | null> {
  if (!paypalOrderID) return null;
  const settled = await db
    .selectFrom('paypal_transactions')
    .select('amounts')
    .where('order_id', '=', paypalOrderID)
    .where('result', '=', 'completed')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!settled) return null;
  const amounts = z.safeParse(paypalAmountsSchema, JSON.parse(settled.amounts));
  return amounts.success ? amounts.data.captureId : null;
}

async function refundWithPayPal(
  db: Kysely<GameDatabase>,
  paypal: PayPalRefundsApi | undefined,
  environment: Environment,
  payment: PaymentOrderRow,
  amountCents: number,
  idempotencyKey: string,
): Promise<string> {
  if (!paypal) {
    throw new RefundRefusedError(
      `PayPal is not set up for ${environment} (PAYPAL_${environment.toUpperCase()}_*), so this PayPal payment cannot be refunded from here.`,
      true,
    );
  }
  const captureId = await completedCaptureId(db, payment.paypal_order_id);
  if (!captureId) {
    throw new RefundRefusedError(
      "No completed PayPal capture is recorded for this order; refund it in PayPal's dashboard.",
    );
  }
  if (payment.currency !== 'USD') throw new RefundRefusedError(`Refunds in ${payment.currency} are not supported.`);
  try {
    const refund = await paypal.refundCapture(captureId, { amountCents, currency: 'USD', requestId: idempotencyKey });
    if (refund.status === 'FAILED' || refund.status === 'CANCELLED') {
      throw new RefundRefusedError(`PayPal did not refund the payment: its refund ${refund.id} is ${refund.status}.`);
    }
    return refund.id;
  } catch (error) {
    if (!(error instanceof PayPalError)) throw error;
    if (error.status === undefined || error.status >= 500) throw new RefundUnansweredError(error.message);
    throw new RefundRefusedError(error.message);
  }
}
