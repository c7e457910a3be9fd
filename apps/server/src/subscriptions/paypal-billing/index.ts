import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../app-config';
import type { GameDatabase } from '../../database';
import type { PaymentClients } from '../../payments/index';
import type { JobDefinition } from '../../platform/jobs/runner';
import type { WebBillingChannel } from '../web-billing';
import { createPayPalBillingChannel } from './channel';
import { payPalLapsedJob } from './lapsed';
import { registerPayPalWebhook } from './webhook';

/*
 * Premium through PayPal in APP_ENV, from the app's context: the web billing channel 'paypal'
 * (where PayPal is configured), POST /api/webhooks/paypal (always registered, so PayPal's
 * deliveries to an environment without PayPal are told so in words rather than 404), and the job
 * ending subscriptions whose period ran out with renewal off (lapsed.ts).
 */

/** What of the app's context (AppContext) PayPal's channel reads. */
export interface PayPalBillingContext {
  config: Pick<AppConfig, 'appEnv' | 'paypal'>;
  payments: Pick<PaymentClients, 'paypal'>;
  /** APP_ENV's store. */
  game: Kysely<GameDatabase>;
}

/** APP_ENV's PayPal channel of premium, or undefined where PayPal is not configured. */
export function payPalBillingChannel(context: PayPalBillingContext): WebBillingChannel | undefined {
  const paypal = context.payments.paypal[context.config.appEnv];
  return paypal && createPayPalBillingChannel({ paypal, game: context.game, environment: context.config.appEnv });
}

/** POST /api/webhooks/paypal, verified with APP_ENV's PAYPAL_<ENV>_WEBHOOK_ID. */
export function registerPayPalBillingRoutes(app: FastifyInstance, context: PayPalBillingContext): Promise<void> {
  return registerPayPalWebhook(app, {
    game: context.game,
    paypal: context.payments.paypal[context.config.appEnv],
    webhookId: context.config.paypal[context.config.appEnv]?.webhookId,
    environment: context.config.appEnv,
  });
}

/** The job ending APP_ENV's PayPal subscriptions whose period ran out with renewal off; none without PayPal. */
export function payPalBillingJobs(context: PayPalBillingContext): JobDefinition[] {
  const paypal = context.payments.paypal[context.config.appEnv];
  return paypal ? [payPalLapsedJob(paypal, context.game)] : [];
}
