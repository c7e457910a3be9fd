import { PREMIUM_TOPIC, SUBSCRIBERS_TOPIC } from '@outpost/contracts/subscriptions/contract';
import type { LiveScope } from '../domain';
import { BACK_OFFICE_AUDIENCE, type LiveTopic, ownerAudience } from '../platform/live/routes';
import { readPremium } from './premium';

/**
 * The player's premium, on their own topic: a report of any of their subscriptions changed it; and
 * the back office's subscribers and revenue, on theirs: a subscription or a web payment of one changed.
 */
export const SUBSCRIPTION_LIVE_TOPICS: readonly LiveTopic<LiveScope>[] = [
  {
    name: PREMIUM_TOPIC,
    access: 'owner',
    side: 'game',
    sources: [{ topic: PREMIUM_TOPIC, table: 'subscriptions', key: 'user_id' }],
    audience: ownerAudience,
    load: (key, _audience, { game }) => readPremium(game, key),
  },
  {
    name: SUBSCRIBERS_TOPIC,
    access: 'adminArea',
    side: 'game',
    sources: [
      { topic: SUBSCRIBERS_TOPIC, table: 'subscriptions', key: 'subscription_id' },
      { topic: SUBSCRIBERS_TOPIC, table: 'subscription_payments', key: 'subscription_id' },
    ],
    audience: () => BACK_OFFICE_AUDIENCE,
    load: async (key, _audience, { game }) =>
      (await game
        .selectFrom('subscriptions')
        .select(['subscription_id as subscriptionId', 'state', 'period_end as periodEnd'])
        .where('subscription_id', '=', key)
        .executeTakeFirst()) ?? null,
  },
];
