import { ROUTES } from '@outpost/contracts/routes';
import type { Domain } from '../domain';
import { SUBSCRIPTION_LIVE_TOPICS } from './live';
import { subscriptionMigrations } from './migrations/index';
import { payPalBillingJobs, registerPayPalBillingRoutes } from './paypal-billing/index';
import { subscriptionsPersonalData } from './personal-data';
import { readPremium } from './premium';
import { registerSubscriptionRoutes } from './routes';
import { seedSubscriptions } from './seed';
import { SUBSCRIPTION_SEGMENT_ATTRIBUTES } from './segment-attributes';
import { registerStripeBillingRoutes } from './stripe-billing/index';
import { countRecentSubscriptionPayments, subscriptionRevenue } from './subscription-payments';
import { webBillingOf } from './web-billing-channels';

/**
 * The premium subscription: each channel's reports of a player's subscription, folded in the order
 * they happened into one state (state-machine.ts), and the player's premium it gives (read by the
 * game on the profile and by getPremium, and by the web app; heard live on the player's topic);
 * sold on the web through Stripe Billing and PayPal Subscriptions, each with its webhook; the
 * plans, the subscribers and their payments for the back office.
 */
export const domain: Domain = {
  name: 'subscriptions',
  segmentAttributes: SUBSCRIPTION_SEGMENT_ATTRIBUTES,
  migrations: { game: subscriptionMigrations },
  seed: seedSubscriptions,
  async register(app, context) {
    const { game, stores, config } = context;
    registerSubscriptionRoutes(app, {
      game,
      stores: stores.game,
      identity: stores.identity,
      webBilling: webBillingOf(context),
      webBillingIn: (environment) =>
        webBillingOf({ ...context, config: { ...config, appEnv: environment }, game: stores.game[environment] }),
      accountUrl: new URL(ROUTES.account, config.publicUrl).toString(),
    });
    await registerPayPalBillingRoutes(app, context);
    await registerStripeBillingRoutes(app, context);
  },
  jobs: (context) => payPalBillingJobs(context),
  liveTopics: SUBSCRIPTION_LIVE_TOPICS,
  personalData: subscriptionsPersonalData,
  profile: async (game, userId) => ({ premium: await readPremium(game, userId) }),
  revenue: subscriptionRevenue,
  counts: { subscriptionPurchasesCount: (stores) => countRecentSubscriptionPayments(stores) },
  countsAt: { subscriptionPurchasesCount: countRecentSubscriptionPayments },
};
