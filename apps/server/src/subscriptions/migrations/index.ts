import type { Migration } from 'kysely';
import * as subscriptions from './2026-12-18-subscriptions';
import * as subscriptionPayments from './2026-12-19-subscription-payments';

/** The subscriptions' game-store migrations; never edit one that has shipped, add a new one. */
export const subscriptionMigrations: Record<string, Migration> = {
  '2026-12-18-subscriptions': subscriptions,
  '2026-12-19-subscription-payments': subscriptionPayments,
};
