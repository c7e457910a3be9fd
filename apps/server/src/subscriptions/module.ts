import type { Domain } from '../domain';
import { SUBSCRIPTION_LIVE_TOPICS } from './live';
import { subscriptionMigrations } from './migrations/index';
import { subscriptionsPersonalData } from './personal-data';
import { registerSubscriptionRoutes } from './routes';
import { seedSubscriptions } from './seed';

/**
 * The premium subscription: each channel's reports of a player's subscription, folded in the order
 * they happened into one state (state-machine.ts), and the player's premium it gives (read by the
 * game and the web app, heard live on the player's topic).
 */
export const domain: Domain = {
  name: 'subscriptions',
  migrations: { game: subscriptionMigrations },
  seed: seedSubscriptions,
  register(app, { game }) {
    registerSubscriptionRoutes(app, { game });
  },
  liveTopics: SUBSCRIPTION_LIVE_TOPICS,
  personalData: subscriptionsPersonalData,
};
