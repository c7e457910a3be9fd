import type { Domain } from '../domain';
import { subscriptionMigrations } from './migrations/index';
import { subscriptionsPersonalData } from './personal-data';

/**
 * The premium subscription: each channel's reports of a player's subscription, folded in the order
 * they happened into one state (state-machine.ts). Its routes (the web's checkout, the stores'
 * verification and notifications), the player's premium and the back office's views build on it.
 */
export const domain: Domain = {
  name: 'subscriptions',
  migrations: { game: subscriptionMigrations },
  personalData: subscriptionsPersonalData,
};
