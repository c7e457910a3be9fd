import { LIVE_TOPIC_NAMES } from '@outpost/contracts/live-topics';
import { avatarsDomain } from './avatars/module';
import { backofficeDomain } from './backoffice/module';
import { betaDomain } from './beta/module';
import { claimCodesDomain } from './claim-codes/module';
import type { GameDatabase } from './database';
import type { Domain, LiveScope } from './domain';
import { gameDataDomain } from './game-data/module';
import { identityDomain } from './identity/module';
import { itemsDomain } from './items/module';
import { ledgerDomain } from './ledger/module';
import { lightingDomain } from './lighting/module';
import { merchDomain } from './merch/module';
import { moderationDomain } from './moderation/module';
import { opsDomain } from './ops/module';
import { partnersDomain } from './partners/module';
import { paymentsDomain } from './payments/module';
import type { ChangeSource } from './platform/changes/triggers';
import type { LiveTopic } from './platform/live/routes';
import type { PersonalDataPart } from './platform/personal-data';
import { productsDomain } from './products/module';
import { pushDomain } from './push/module';
import { rewardsDomain } from './rewards/module';
import { shopDomain } from './shop/module';
import { siteDomain } from './site/module';
import { theaterDomain } from './theater/module';

/**
 * Every domain of the app (docs/decisions/0053-domains-as-modules.md), in the order their demo rows are
 * written: a domain comes after those whose rows its own rows name (items before the codes and
 * machines that grant them, products before merch).
 */
export const DOMAINS: readonly Domain[] = [
  opsDomain,
  siteDomain,
  backofficeDomain,
  identityDomain,
  productsDomain,
  itemsDomain,
  ledgerDomain,
  claimCodesDomain,
  paymentsDomain,
  shopDomain,
  merchDomain,
  gameDataDomain,
  rewardsDomain,
  pushDomain,
  theaterDomain,
  moderationDomain,
  betaDomain,
  avatarsDomain,
  lightingDomain,
  partnersDomain,
];

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
