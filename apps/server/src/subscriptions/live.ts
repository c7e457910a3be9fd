import { PREMIUM_TOPIC } from '@outpost/contracts/subscriptions/contract';
import type { LiveScope } from '../domain';
import { type LiveTopic, ownerAudience } from '../platform/live/routes';
import { readPremium } from './premium';

/** The player's premium, on their own topic: a report of any of their subscriptions changed it. */
export const SUBSCRIPTION_LIVE_TOPICS: readonly LiveTopic<LiveScope>[] = [
  {
    name: PREMIUM_TOPIC,
    access: 'owner',
    side: 'game',
    sources: [{ topic: PREMIUM_TOPIC, table: 'subscriptions', key: 'user_id' }],
    audience: ownerAudience,
    load: (key, _audience, { game }) => readPremium(game, key),
  },
];
