import { REMOTE_CONFIG_TOPIC } from '@outpost/contracts/remote-config/contract';
import type { LiveScope } from '../domain';
import type { Audience } from '../platform/live/hub';
import { BACK_OFFICE_AUDIENCE, type LiveTopic } from '../platform/live/routes';
import { currentVersion } from './queries';

/** The topic's two records: what players get (a publish, a rollback), and the back office's draft and schedules. */
const PUBLISHED = 'published';
const DRAFT = 'draft';

/** The game hears publishes only, never an admin's draft. */
const GAME: Audience = { id: 'game', onlyKey: PUBLISHED };

/**
 * Remote config's live topic: on a publish the game hears the new version number and fetches its
 * values again; the back office reloads its state on every change of the draft, the versions or
 * the schedules.
 */
export const REMOTE_CONFIG_LIVE_TOPICS: readonly LiveTopic<LiveScope>[] = [
  {
    name: REMOTE_CONFIG_TOPIC,
    access: 'public',
    side: 'game',
    sources: [
      { topic: REMOTE_CONFIG_TOPIC, table: 'remote_config_versions', key: 'version', as: PUBLISHED },
      { topic: REMOTE_CONFIG_TOPIC, table: 'remote_config_drafts', key: 'draft_id', as: DRAFT },
      { topic: REMOTE_CONFIG_TOPIC, table: 'remote_config_schedules', key: 'schedule_id', as: DRAFT },
    ],
    audience: (_viewer, backOffice) => (backOffice ? BACK_OFFICE_AUDIENCE : GAME),
    load: async (key, audience, { game }) => {
      if (audience === BACK_OFFICE_AUDIENCE || key !== PUBLISHED) return null;
      const current = await currentVersion(game);
      return current ? { version: current.version, publishedAt: current.published_at } : null;
    },
  },
];
