import { LIVE_TOPIC_NAMES } from '@outpost/contracts/live-topics';
import type { GameDatabase } from './database';
import type { Domain, LiveScope } from './domain';
import type { ChangeSource } from './platform/changes/triggers';
import type { LiveTopic } from './platform/live/routes';
import type { PersonalDataPart } from './platform/personal-data';

/**
 * Every domain of the app (docs/decisions/0053-domains-as-modules.md), one line each, in the order
 * their demo rows are written and their routes and hooks registered: a domain comes after those
 * whose rows its own rows name (items before the codes and machines that grant them, products
 * before merch). Each module.ts exports its Domain as `domain`; `npm run new-domain` adds a line at
 * the end.
 */
const MODULES = await Promise.all([
  import('./ops/module'),
  import('./site/module'),
  import('./backoffice/module'),
  import('./identity/module'),
  import('./products/module'),
  import('./items/module'),
  import('./ledger/module'),
  import('./claim-codes/module'),
  import('./payments/module'),
  import('./shop/module'),
  import('./merch/module'),
  import('./game-data/module'),
  import('./rewards/module'),
  import('./push/module'),
  import('./theater/module'),
  import('./moderation/module'),
  import('./beta/module'),
  import('./avatars/module'),
  import('./lighting/module'),
  import('./partners/module'),
  import('./subscriptions/module'),
  import('./store-purchases/module'),
  import('./remote-config/module'),
  import('./segments/module'),
  import('./calendar/module'),
  import('./experiments/module'),
]);

export const DOMAINS: readonly Domain[] = MODULES.map((module) => module.domain);

/** Every domain's share of a player's data in an environment's store. */
export const PERSONAL_DATA_PARTS: readonly PersonalDataPart<GameDatabase>[] = DOMAINS.flatMap((domain) =>
  domain.personalData ? [domain.personalData] : [],
);

/** The topics GET /api/live serves: exactly the contracts' LIVE_TOPICS (checked here, at start). */
export const SERVED_TOPICS: readonly LiveTopic<LiveScope>[] = DOMAINS.flatMap((domain) => domain.liveTopics ?? []);

const served = new Set(SERVED_TOPICS.map((topic) => topic.name));
const missing = LIVE_TOPIC_NAMES.filter((name) => !served.has(name));
if (missing.length > 0 || served.size !== LIVE_TOPIC_NAMES.length || served.size !== SERVED_TOPICS.length) {
  throw new Error(`The served live topics differ from the contracts' LIVE_TOPICS (missing: ${missing.join(', ')}).`);
}

const sourcesOf = (side: 'game' | 'identity'): readonly ChangeSource[] => [
  ...SERVED_TOPICS.filter((topic) => topic.side === side).flatMap((topic) => topic.sources),
  ...DOMAINS.flatMap((domain) => domain.changeSources?.[side] ?? []),
];

/** Every covered table of each kind of store, with the topic its changes belong to (openAppStores installs their triggers). */
export const CHANGE_SOURCES: { identity: readonly ChangeSource[]; game: readonly ChangeSource[] } = {
  identity: sourcesOf('identity'),
  game: sourcesOf('game'),
};
