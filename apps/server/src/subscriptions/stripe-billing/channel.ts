import type { PremiumPlan } from '@outpost/contracts/subscriptions/schemas';
import { StripeApiError, type StripeBillingApi } from '../../payments/index';
import { answering, FunctionError } from '../../platform/http/errors';
import type { WebBillingChannel } from '../web-billing';

/** The plan's line on Checkout's page and on the player's invoices. */
const PLAN_NAMES: Record<PremiumPlan['interval'], string> = {
  month: 'Premium, monthly',
  year: 'Premium, annual',
};

/** Stripe's refusals and outages in words a player or staff member understands. */
function stripeRefusal(error: unknown): unknown {
  if (!(error instanceof StripeApiError)) return error;
  if (error.status === undefined || error.status >= 500 || error.status === 429) {
    return new FunctionError(
      'unavailable',
      'Card payments could not be reached. Nothing changed; try again in a moment.',
    );
  }
  if (error.code === 'resource_missing') {
    return new FunctionError('not-found', 'Stripe has no such subscription.');
  }
  return new FunctionError('aborted', `Stripe refused: ${error.message}`);
}

const withStripe = answering(stripeRefusal);

/**
 * Premium on the web by card, Apple Pay and Google Pay: Stripe Billing through a Checkout Session
 * in subscription mode. The player's id rides in the session's client_reference_id and in the
 * subscription's metadata, which every later invoice and subscription event carries; the
 * subscription itself reaches Outpost only through the Billing webhook (webhook.ts).
 */
export function stripeBillingChannel(stripe: StripeBillingApi): WebBillingChannel {
  return {
    channel: 'stripe',
    startSubscription: (input) =>
      withStripe(async () => {
        const session = await stripe.createSubscriptionCheckout({
          userId: input.userId,
          planId: input.plan.planId,
          productName: PLAN_NAMES[input.plan.interval],
          unitAmountCents: input.plan.priceCents,
          currency: 'usd',
          interval: input.plan.interval,
          customerEmail: input.email,
          successUrl: input.returnUrl,
          cancelUrl: input.cancelUrl,
          idempotencyKey: input.idempotencyKey,
        });
        // A session made under an earlier attempt's key may have been paid or lapsed meanwhile.
        if (session.url === null) {
          throw new FunctionError('aborted', 'This checkout is already finished; start a new one.');
        }
        return { url: session.url };
      }),
    setRenewal: (channelId, renew) =>
      withStripe(async () => {
        await stripe.setCancelAtPeriodEnd(channelId, !renew);
      }),
    refundCurrentPeriod: (channelId, idempotencyKey) =>
      withStripe(() => stripe.refundLatestInvoiceAndCancel(channelId, idempotencyKey)),
  };
}
