import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import type { GameDatabase } from '../database';
import { type CheckoutOutcome, type StripeEvent, verifiedStripeEvent } from '../payments/index';
import { FunctionError } from '../platform/http/errors';
import { registerRawBodyRoutes } from '../platform/http/raw-body';
import { releaseStripeCheckoutIn, settleStripeCheckoutIn } from './merch-orders';

/*
 * POST /api/webhooks/stripe: how Outpost learns that a Checkout Session was paid, failed or lapsed. Only a
 * delivery whose Stripe-Signature verifies against the raw body and the webhook secret of APP_ENV's Stripe is
 * read; each event id is handled once, in one transaction with what it changes, so Stripe's redeliveries and
 * replays change nothing.
 */

export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';

export interface StripeWebhookOptions {
  /** The store the game's players use (APP_ENV's). */
  game: Kysely<GameDatabase>;
  /** APP_ENV's webhook signing secret; undefined when Stripe is off there. */
  webhookSecret: string | undefined;
}

/** What handling an event did, recorded on its stripe_events row and answered to Stripe. */
export const STRIPE_EVENT_OUTCOMES = [
  'paid',
  'refund-due',
  'already-paid',
  'awaiting-payment',
  'mismatch',
  'unknown-session',
  'released',
  'not-reserved',
  'ignored',
  'duplicate',
] as const;
export type StripeEventOutcome = (typeof STRIPE_EVENT_OUTCOMES)[number];

export const stripeWebhookAnswerSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(STRIPE_EVENT_OUTCOMES),
});

/** The fields of a checkout.session object that settling reads; the rest of Stripe's object passes by. */
const checkoutSessionSchema = z.object({
  id: z.string().check(z.minLength(1)),
  client_reference_id: z.optional(z.nullable(z.string())),
  amount_total: z.optional(z.nullable(z.int())),
  currency: z.optional(z.nullable(z.string())),
  payment_status: z.string(),
  // An id, or the PaymentIntent itself when an endpoint expands it.
  payment_intent: z.optional(z.nullable(z.union([z.string(), z.object({ id: z.string() })]))),
});

function checkoutOutcomeOf(object: unknown): CheckoutOutcome {
  const parsed = z.safeParse(checkoutSessionSchema, object);
  if (!parsed.success) {
    throw new FunctionError('invalid-argument', 'The event does not carry a Checkout Session Outpost can read.');
  }
  const session = parsed.data;
  const paymentIntent = session.payment_intent;
  return {
    sessionID: session.id,
    orderID: session.client_reference_id ?? null,
    amountTotal: session.amount_total ?? null,
    currency: session.currency ?? null,
    paymentStatus: session.payment_status,
    paymentIntent: typeof paymentIntent === 'string' ? paymentIntent : (paymentIntent?.id ?? null),
  };
}

interface Handled {
  outcome: StripeEventOutcome;
  orderID: string | null;
  reason?: string;
}

/** Does what an event means, in the transaction that records it. */
async function dispatch(trx: Kysely<GameDatabase>, event: StripeEvent, now: Date): Promise<Handled> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const settled = await settleStripeCheckoutIn(trx, checkoutOutcomeOf(event.data.object), now);
      return settled.outcome === 'mismatch'
        ? { outcome: 'mismatch', orderID: settled.orderID, reason: settled.reason }
        : { outcome: settled.outcome, orderID: settled.orderID };
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const { sessionID } = checkoutOutcomeOf(event.data.object);
      const { orderID, released } = await releaseStripeCheckoutIn(trx, sessionID, now);
      if (orderID === null) return { outcome: 'unknown-session', orderID };
      return { outcome: released ? 'released' : 'not-reserved', orderID };
    }
    default:
      // The endpoint may be subscribed to more than Outpost reads; those are acknowledged, not retried.
      return { outcome: 'ignored', orderID: null };
  }
}

export async function registerStripeWebhook(app: FastifyInstance, options: StripeWebhookOptions): Promise<void> {
  await registerRawBodyRoutes(app, (scope) => {
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(STRIPE_WEBHOOK_PATH, { schema: { response: { 200: stripeWebhookAnswerSchema } } }, async (request) => {
        const event = verifiedStripeEvent(request, options.webhookSecret);
        const now = new Date();
        const handled = await options.game.transaction().execute(async (trx): Promise<Handled> => {
          // The event id first: a redelivery (or a concurrent one, which waits on this row) stops here.
          const claimed = await trx
            .insertInto('stripe_events')
            .values({
              event_id: event.id,
              type: event.type,
              order_id: null,
              outcome: 'received',
              received_at: now.toISOString(),
            })
            .onConflict((conflict) => conflict.column('event_id').doNothing())
            .executeTakeFirst();
          if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) !== 1) return { outcome: 'duplicate', orderID: null };
          const result = await dispatch(trx, event, now);
          await trx
            .updateTable('stripe_events')
            .set({ outcome: result.outcome, order_id: result.orderID })
            .where('event_id', '=', event.id)
            .execute();
          return result;
        });
        const line = { eventID: event.id, type: event.type, orderID: handled.orderID, outcome: handled.outcome };
        if (handled.outcome === 'mismatch') {
          request.log.warn({ ...line, reason: handled.reason }, 'Stripe event does not match its order');
        } else {
          request.log.info(line, 'Stripe event');
        }
        return { received: true as const, outcome: handled.outcome };
      });
  });
}
