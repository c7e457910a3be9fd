import type { Environment } from '@outpost/contracts/environments';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import type { GameDatabase } from '../../database';
import { PayPalError, type PayPalSubscriptionsApi } from '../../payments/index';
import { FunctionError } from '../../platform/http/errors';
import { registerRawBodyRoutes } from '../../platform/http/raw-body';
import { recordProviderFindings } from '../provider-findings';
import {
  type EventReader,
  type PayPalEvent,
  payPalEventReader,
  payPalEventSchema,
  UnreadableEventError,
} from './reports';

/*
 * POST /api/webhooks/paypal: how Outpost hears what PayPal did with a premium subscription. Only a
 * delivery PayPal itself verifies for APP_ENV's webhook (its transmission headers, the webhook id
 * and the event's exact bytes, through POST /v1/notifications/verify-webhook-signature) is read;
 * the rest of what it reports is read back from PayPal (reports.ts). Each report is recorded once
 * by its id, folded in the order things happened, so redeliveries, replays and events out of order
 * change nothing twice. A failure to reach PayPal answers 503, and PayPal delivers again.
 */

export const PAYPAL_WEBHOOK_PATH = '/api/webhooks/paypal';

export const PAYPAL_WEBHOOK_OUTCOMES = ['recorded', 'duplicate', 'ignored'] as const;

export const payPalWebhookAnswerSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(PAYPAL_WEBHOOK_OUTCOMES),
});

export interface PayPalWebhookOptions {
  /** APP_ENV's store. */
  game: Kysely<GameDatabase>;
  /** APP_ENV's PayPal; undefined when PayPal is off there. */
  paypal:
    | Pick<
        PayPalSubscriptionsApi,
        | 'verifyWebhookSignature'
        | 'getSubscription'
        | 'getPlan'
        | 'listSubscriptionTransactions'
        | 'getSale'
        | 'cancelSubscription'
      >
    | undefined;
  /** The id of APP_ENV's webhook on PayPal (PAYPAL_<ENV>_WEBHOOK_ID). */
  webhookId: string | undefined;
  environment: Environment;
}

/** PayPal's transmission headers, each of which a delivery carries. */
const TRANSMISSION_HEADERS = {
  transmissionId: 'paypal-transmission-id',
  transmissionTime: 'paypal-transmission-time',
  transmissionSig: 'paypal-transmission-sig',
  certUrl: 'paypal-cert-url',
  authAlgo: 'paypal-auth-algo',
} as const;

type Transmission = Record<keyof typeof TRANSMISSION_HEADERS, string>;

function transmissionOf(request: FastifyRequest): Transmission {
  const entries = Object.entries(TRANSMISSION_HEADERS).map(([field, name]) => {
    const value = request.headers[name];
    if (typeof value !== 'string' || value.trim() === '') {
      throw new FunctionError('invalid-argument', `Missing the ${name} header: only PayPal posts events here.`);
    }
    return [field, value];
  });
  return Object.fromEntries(entries) as Transmission;
}

export async function registerPayPalWebhook(app: FastifyInstance, options: PayPalWebhookOptions): Promise<void> {
  const reader = options.paypal && payPalEventReader(options.paypal, options.environment);

  /** The event of a delivery PayPal verifies for this environment's webhook: 400 for anything else. */
  async function verifiedEvent(request: FastifyRequest): Promise<{ event: PayPalEvent; reader: EventReader }> {
    const transmission = transmissionOf(request);
    const { paypal, webhookId } = options;
    if (paypal === undefined || reader === undefined || webhookId === undefined) {
      throw new FunctionError(
        'unavailable',
        `PayPal's webhook is not set up in ${options.environment} (PAYPAL_${options.environment.toUpperCase()}_WEBHOOK_ID), so its events are not taken.`,
      );
    }
    const body = request.body;
    if (!Buffer.isBuffer(body) || body.length === 0)
      throw new FunctionError('invalid-argument', 'The event body is empty.');
    const text = body.toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new FunctionError('invalid-argument', 'The event body is not JSON.');
    }
    const verdict = await payPal(async () => {
      try {
        return await paypal.verifyWebhookSignature({ ...transmission, webhookId, event: text });
      } catch (error) {
        // PayPal refusing the verification request itself: headers no PayPal delivery carries.
        if (!(error instanceof PayPalError) || (error.status !== 400 && error.status !== 422)) throw error;
        return 'FAILURE';
      }
    });
    if (verdict !== 'SUCCESS') {
      throw new FunctionError(
        'invalid-argument',
        `PayPal does not verify this event's signature for ${options.environment}'s webhook, so it is refused.`,
      );
    }
    const parsed = z.safeParse(payPalEventSchema, json);
    if (!parsed.success)
      throw new FunctionError('invalid-argument', 'The signed body is not a PayPal event Outpost can read.');
    return { event: parsed.data, reader };
  }

  // Only this route keeps its body as the bytes PayPal signed.
  await registerRawBodyRoutes(app, (scope) => {
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(PAYPAL_WEBHOOK_PATH, { schema: { response: { 200: payPalWebhookAnswerSchema } } }, async (request) => {
        const { event, reader } = await verifiedEvent(request);
        const interpretation = await payPal(async () => {
          try {
            return await reader.interpret(event);
          } catch (error) {
            if (error instanceof UnreadableEventError) throw new FunctionError('invalid-argument', error.message);
            throw error;
          }
        });
        const line = { eventID: event.id, type: event.event_type };
        if (interpretation.kind === 'ignored') {
          request.log.info({ ...line, reason: interpretation.reason }, 'PayPal event ignored');
          return { received: true as const, outcome: 'ignored' as const };
        }
        const { ref, payment, refund, endBilling } = interpretation;
        const { recorded } = await recordProviderFindings(options.game, {
          ref,
          payment,
          refund: refund && { channel: 'paypal', ...refund },
          reports: interpretation.reports,
        });
        // After the records, so a failure here (503) has PayPal deliver again and the cancel tried again.
        const { paypal } = options;
        if (endBilling && paypal) await payPal(() => cancelBilling(paypal, ref.channelId));
        const outcome = recorded ? ('recorded' as const) : ('duplicate' as const);
        request.log.info(
          {
            ...line,
            subscriptionID: ref.channelId,
            reports: interpretation.reports.map((report) => report.kind),
            outcome,
          },
          'PayPal event',
        );
        return { received: true as const, outcome };
      });
  });
}

/** Billing stopped on PayPal for good: cancelled (a cancelled subscription already is). */
async function cancelBilling(
  paypal: Pick<PayPalSubscriptionsApi, 'cancelSubscription'>,
  subscriptionId: string,
): Promise<void> {
  try {
    await paypal.cancelSubscription(subscriptionId, 'The buyer took a payment back');
  } catch (error) {
    if (!(error instanceof PayPalError && error.issue === 'SUBSCRIPTION_STATUS_INVALID')) throw error;
  }
}

/** A call to PayPal: unreachable or failing, 503 in words (PayPal delivers the event again). */
async function payPal<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof PayPalError)) throw error;
    throw new FunctionError(
      'unavailable',
      `Outpost could not read this event back from PayPal just now: ${error.message}`,
    );
  }
}
