import { SUBSCRIPTION_STATES } from '@outpost/contracts/subscriptions/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import type { GameDatabase } from '../../database';
import { BillingObjectError, StripeApiError, type StripeBillingApi, verifiedStripeEvent } from '../../payments/index';
import { FunctionError } from '../../platform/http/errors';
import { registerRawBodyRoutes } from '../../platform/http/raw-body';
import { recordProviderFindings } from '../provider-findings';
import { findSubscription } from '../subscription-events';
import { reportOf, type StripeReport } from './reports';

/*
 * POST /api/webhooks/stripe-billing: how Outpost hears of a web subscription on Stripe (paid,
 * renewed, renewal off or on, past due, ended, refunded). An endpoint of its own beside the shop's
 * /api/webhooks/stripe, with its own signing secret and its own list of events in Stripe: the
 * shop's never sees a Billing event, a failure here never makes Stripe retry (or disable) the shop's
 * endpoint, and neither domain routes the other's events. Each event becomes at most one report of
 * the subscription (reports.ts), recorded once by its id in the subscription's history, so Stripe's
 * redeliveries, replays and events out of order fold to the same state; a period's payment and its
 * refunds are recorded once by the invoice's id (subscription-payments.ts).
 */

export const STRIPE_BILLING_WEBHOOK_PATH = '/api/webhooks/stripe-billing';

/** The events to enable on the endpoint in Stripe's Dashboard. */
export const STRIPE_BILLING_EVENTS = [
  'checkout.session.completed',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'charge.refunded',
] as const;

export interface StripeBillingRouteOptions {
  /** The store of APP_ENV's players. */
  game: Kysely<GameDatabase>;
  /** APP_ENV's Stripe, to read what an event only names; undefined when Stripe is off there. */
  stripe: StripeBillingApi | undefined;
  /** The signing secret of APP_ENV's Billing endpoint; undefined when it is not set up. */
  webhookSecret: string | undefined;
}

const OUTCOMES = ['recorded', 'duplicate', 'ignored'] as const;

export const stripeBillingWebhookAnswerSchema = z.object({
  received: z.literal(true),
  /** recorded: something new (a report, a payment, a refund); duplicate: all of it was already recorded; ignored: not one Outpost reads. */
  outcome: z.enum(OUTCOMES),
  /** The subscription's state after the report. */
  state: z.nullable(z.enum(SUBSCRIPTION_STATES)),
});
type Answer = z.infer<typeof stripeBillingWebhookAnswerSchema>;

/** An event Stripe signed but Outpost cannot read, or whose Stripe objects could not be fetched. */
function eventRefusal(error: unknown): unknown {
  if (error instanceof BillingObjectError) return new FunctionError('invalid-argument', error.message);
  if (error instanceof StripeApiError) {
    // 503: Stripe redelivers later, when its API answers again.
    return new FunctionError('unavailable', `Could not read the event's objects from Stripe: ${error.message}`);
  }
  return error;
}

/**
 * Records what an event tells, each part once by its own id (a redelivery finds every part already
 * there). Whether it was new is the report's when there is one, so of concurrent deliveries of one
 * payment exactly one answers 'recorded'; the money alone (a partial refund) otherwise.
 */
async function record(
  game: Kysely<GameDatabase>,
  report: Extract<StripeReport, { kind: 'report' }>,
): Promise<{ recorded: boolean; state: Answer['state'] }> {
  const { ref } = report;
  const { recorded, status } = await recordProviderFindings(game, {
    ref,
    payment: report.payment,
    refund: report.refund && { channel: 'stripe', ...report.refund },
    reports: report.event ? [report.event] : [],
  });
  return { recorded, state: status ? status.state : ((await findSubscription(game, ref))?.state ?? null) };
}

export async function registerStripeBillingWebhook(
  app: FastifyInstance,
  options: StripeBillingRouteOptions,
): Promise<void> {
  await registerRawBodyRoutes(app, (scope) => {
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        STRIPE_BILLING_WEBHOOK_PATH,
        { schema: { response: { 200: stripeBillingWebhookAnswerSchema } } },
        async (request): Promise<Answer> => {
          const event = verifiedStripeEvent(request, options.webhookSecret);
          const { stripe } = options;
          if (stripe === undefined) {
            throw new FunctionError(
              'unavailable',
              'Stripe is not set up in this environment, so its events are not taken.',
            );
          }
          let report: StripeReport;
          try {
            report = await reportOf(event, stripe);
          } catch (error) {
            throw eventRefusal(error);
          }
          const line = { eventID: event.id, type: event.type };
          if (report.kind === 'ignored') {
            request.log.info({ ...line, reason: report.reason }, 'Stripe Billing event ignored');
            return { received: true, outcome: 'ignored', state: null };
          }
          const { recorded, state } = await record(options.game, report);
          request.log.info(
            { ...line, subscription: report.ref.channelId, kind: report.event?.kind, recorded, state },
            'Stripe Billing event',
          );
          return { received: true, outcome: recorded ? 'recorded' : 'duplicate', state };
        },
      );
  });
}
