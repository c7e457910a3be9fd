import type { Environment } from '@outpost/contracts/environments';
import { LIVE_TOPIC_NAMES } from '@outpost/contracts/live-topics';
import { BETA_LIVE_TOPICS, type BetaLiveScope } from './beta/live';
import { MERCH_LIVE_TOPICS, type MerchLiveScope } from './economy/merch/live';
import { SHOP_LIVE_TOPICS, type ShopLiveScope } from './economy/shop/live';
import { ENDED_SESSIONS_SOURCE, IDENTITY_LIVE_TOPICS, type IdentityLiveScope } from './identity/live';
import type { ChangeSource } from './platform/changes/triggers';
import type { LiveTopic } from './platform/live/routes';
import { THEATER_LIVE_TOPICS, type TheaterLiveScope } from './theater/live';

/*
 * Where the domains' live topics join (issue 22): the topics `GET /api/live` serves, and every
 * store's change sources, the triggers of which openAppStores installs. A domain adds a topic to
 * its own live.ts and, if it is its first, one line here; live.test.ts checks the list against the
 * contracts' LIVE_TOPICS.
 */

/** What a stream's topics read from: the environment's store, the identity store, where files are served. */
export interface LiveScope extends ShopLiveScope, TheaterLiveScope, BetaLiveScope, MerchLiveScope, IdentityLiveScope {
  environment: Environment;
}

export const SERVED_TOPICS: readonly LiveTopic<LiveScope>[] = [
  ...SHOP_LIVE_TOPICS,
  ...THEATER_LIVE_TOPICS,
  ...BETA_LIVE_TOPICS,
  ...MERCH_LIVE_TOPICS,
  ...IDENTITY_LIVE_TOPICS,
];

const served = new Set(SERVED_TOPICS.map((topic) => topic.name));
const missing = LIVE_TOPIC_NAMES.filter((name) => !served.has(name));
if (missing.length > 0 || served.size !== LIVE_TOPIC_NAMES.length) {
  throw new Error(`The served live topics differ from the contracts' LIVE_TOPICS (missing: ${missing.join(', ')}).`);
}

const sourcesOf = (side: 'game' | 'identity') =>
  SERVED_TOPICS.filter((topic) => topic.side === side).flatMap((topic) => topic.sources);

/** Every covered table of each kind of store, with the topic its changes belong to. */
export const CHANGE_SOURCES: { identity: readonly ChangeSource[]; game: readonly ChangeSource[] } = {
  identity: [...sourcesOf('identity'), ENDED_SESSIONS_SOURCE],
  game: sourcesOf('game'),
};
