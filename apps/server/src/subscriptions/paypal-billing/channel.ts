import type { Environment } from '@outpost/contracts/environments';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../../database';
import {
  PayPalError,
  type PayPalRefundsApi,
  type PayPalSubscriptionsApi,
  payPalValueToCents,
} from '../../payments/index';
import { answering, FunctionError } from '../../platform/http/errors';
import { findSubscription } from '../subscription-events';
import type { StartSubscriptionInput, WebBillingChannel } from '../web-billing';
import { premiumCatalog } from './catalog';
import { paidTransactions, periodAfter } from './reports';

/*
 * Premium sold through PayPal's Subscriptions API (the WebBillingChannel 'paypal').
 *
 * Turning renewal off for the upcoming month suspends the PayPal subscription, and turning it back
 * on activates it: a suspended subscription bills nothing and can be activated again, keeping its
 * billing date, which is what "cancel for the upcoming month and resume before the period ends"
 * asks. PayPal's cancel is final (a cancelled subscription cannot be activated; the player would
 * have to approve a new one), so Outpost cancels only when staff refund the period. A subscription
 * suspended past its period stays suspended on PayPal, billing nothing; premium ends with the
 * period. What PayPal then reports reaches premium through the webhook (webhook.ts), not through
 * these calls' answers.
 */

export interface PayPalBillingChannelOptions {
  /** APP_ENV's PayPal. */
  paypal: PayPalSubscriptionsApi & PayPalRefundsApi;
  /** APP_ENV's store, where the subscription's reports are. */
  game: Kysely<GameDatabase>;
  environment: Environment;
  /** The name the buyer sees on PayPal's pages. */
  brandName?: string;
}

export function createPayPalBillingChannel(options: PayPalBillingChannelOptions): WebBillingChannel {
  const { paypal, game } = options;
  const catalog = premiumCatalog(paypal, options.environment);

  async function startSubscription(input: StartSubscriptionInput): Promise<{ url: string }> {
    const planId = await catalog.planIdFor(input.plan);
    const created = await paypal.createSubscription(
      {
        planId,
        customId: input.userId,
        email: input.email,
        brandName: options.brandName ?? 'Outpost',
        returnUrl: input.returnUrl,
        cancelUrl: input.cancelUrl,
      },
      input.idempotencyKey,
    );
    if (created.approveUrl === undefined) {
      throw new FunctionError('unavailable', 'PayPal made the subscription without a page to approve it. Try again.');
    }
    return { url: created.approveUrl };
  }

  async function setRenewal(channelId: string, renew: boolean): Promise<void> {
    const subscription = await paypal.getSubscription(channelId);
    const want = renew ? 'ACTIVE' : 'SUSPENDED';
    if (subscription.status === want) return;
    if (subscription.status === 'CANCELLED' || subscription.status === 'EXPIRED') {
      if (!renew) return;
      throw new FunctionError(
        'aborted',
        'This PayPal subscription was cancelled on PayPal and cannot be resumed; premium lasts to the end of the paid period. Subscribe again to continue after it.',
      );
    }
    if (subscription.status !== 'ACTIVE' && subscription.status !== 'SUSPENDED') {
      throw new FunctionError('aborted', 'This PayPal subscription has not been approved on PayPal yet.');
    }
    if (renew) await checkResumable(channelId);
    try {
      if (renew) await paypal.activateSubscription(channelId, 'The player turned renewal back on');
      else await paypal.suspendSubscription(channelId, 'The player turned renewal off for the upcoming period');
    } catch (error) {
      // A concurrent request did the same first: what matters is the status now.
      if (!(error instanceof PayPalError && error.issue === 'SUBSCRIPTION_STATUS_INVALID')) throw error;
      if ((await paypal.getSubscription(channelId)).status !== want) throw error;
    }
  }

  /** Only renewal the player turned off, while the period it paid for runs, is turned back on. */
  async function checkResumable(channelId: string): Promise<void> {
    const stored = await findSubscription(game, { channel: 'paypal', channelId });
    if (stored?.state !== 'cancelled') {
      throw new FunctionError(
        'aborted',
        'PayPal suspended this subscription itself (its payments failed, or it was refunded); subscribe again to get premium back.',
      );
    }
    if (stored.periodEnd === null || Date.parse(stored.periodEnd) <= Date.now()) {
      throw new FunctionError('aborted', 'The paid period is over, so it cannot be resumed: subscribe again.');
    }
  }

  async function refundCurrentPeriod(channelId: string, idempotencyKey: string): Promise<void> {
    const subscription = await paypal.getSubscription(channelId);
    const last = (await paidTransactions(paypal, subscription)).at(-1);
    if (last === undefined) throw new FunctionError('aborted', 'This PayPal subscription has no payment to refund.');
    if (last.status === 'PARTIALLY_REFUNDED') {
      throw new FunctionError(
        'aborted',
        "Part of this period's PayPal payment was refunded already; refund the rest on PayPal.",
      );
    }
    // A retry after the refund went through finds it REFUNDED and goes on to the cancellation.
    if (last.status === 'COMPLETED') {
      const plan = await paypal.getPlan(subscription.plan_id ?? '');
      if (Date.parse(periodAfter(last.time, plan)) <= Date.now()) {
        throw new FunctionError(
          'aborted',
          "The last payment's billing period is over: the terms allow a refund within the current billing cycle only.",
        );
      }
      const gross = last.amount_with_breakdown?.gross_amount;
      const cents = payPalValueToCents(gross?.value);
      if (cents === undefined || gross?.currency_code !== 'USD') {
        throw new FunctionError(
          'aborted',
          `PayPal shows the payment as ${gross?.value} ${gross?.currency_code}, which Outpost does not refund.`,
        );
      }
      await paypal.refundCapture(last.id, { amountCents: cents, currency: 'USD', requestId: idempotencyKey });
    }
    if (subscription.status === 'ACTIVE' || subscription.status === 'SUSPENDED') {
      try {
        await paypal.cancelSubscription(channelId, 'The current period was refunded');
      } catch (error) {
        if (!(error instanceof PayPalError && error.issue === 'SUBSCRIPTION_STATUS_INVALID')) throw error;
      }
    }
  }

  const run = answering(payPalRefusal);
  return {
    channel: 'paypal',
    startSubscription: (input) => run(() => startSubscription(input)),
    setRenewal: (channelId, renew) => run(() => setRenewal(channelId, renew)),
    refundCurrentPeriod: (channelId, key) => run(() => refundCurrentPeriod(channelId, key)),
  };
}

/** PayPal's refusals and outages as the protocol's errors, in words for the player or staff. */
export function payPalRefusal(error: unknown): unknown {
  if (!(error instanceof PayPalError)) return error;
  if (error.status === undefined || error.status >= 500) {
    return new FunctionError('unavailable', `PayPal could not be reached just now. Try again. (${error.message})`);
  }
  if (error.status === 404)
    return new FunctionError('not-found', `PayPal has no such subscription. (${error.message})`);
  return new FunctionError('aborted', error.message);
}
