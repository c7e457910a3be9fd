import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../app-config';
import type { GameDatabase } from '../../database';
import type { PaymentClients } from '../../payments/index';
import type { WebBillingChannel } from '../web-billing';
import { stripeBillingChannel } from './channel';
import { registerStripeBillingWebhook } from './webhook';

/*
 * Premium through Stripe Billing in APP_ENV, from the app's context: the web billing channel
 * 'stripe' (where Stripe and its Billing endpoint's secret are configured) and POST
 * /api/webhooks/stripe-billing (always registered, so a delivery to an environment without it is
 * told so in words rather than 404).
 */

/** What of the app's context (AppContext) Stripe Billing reads. */
export interface StripeBillingContext {
  config: Pick<AppConfig, 'appEnv' | 'stripe'>;
  payments: Pick<PaymentClients, 'stripe'>;
  /** APP_ENV's store. */
  game: Kysely<GameDatabase>;
}

/**
 * APP_ENV's Stripe channel of premium, or undefined where Stripe or its Billing endpoint is not
 * configured: a subscription whose payment no webhook could report must not be sold.
 */
export function stripeBillingChannelOf(context: StripeBillingContext): WebBillingChannel | undefined {
  const stripe = context.payments.stripe[context.config.appEnv];
  const configured = context.config.stripe[context.config.appEnv]?.billingWebhookSecret !== undefined;
  return stripe && configured ? stripeBillingChannel(stripe) : undefined;
}

/** POST /api/webhooks/stripe-billing, verified with APP_ENV's STRIPE_<ENV>_BILLING_WEBHOOK_SECRET. */
export function registerStripeBillingRoutes(app: FastifyInstance, context: StripeBillingContext): Promise<void> {
  return registerStripeBillingWebhook(app, {
    game: context.game,
    stripe: context.payments.stripe[context.config.appEnv],
    webhookSecret: context.config.stripe[context.config.appEnv]?.billingWebhookSecret,
  });
}
