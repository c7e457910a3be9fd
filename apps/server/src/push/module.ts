import type { Domain } from '../domain';
import { registerPushMessageRoutes } from './admin-routes';
import { pushCalendar } from './calendar';
import { foldDeviceTotalsJob } from './device-totals';
import { PUSH_LIVE_TOPICS } from './live';
import { countPushMessagesIn } from './messages';
import { noteMessagingTokens } from './messaging-header';
import { pushMigrations } from './migrations/index';
import { pushPersonalData } from './personal-data';
import { pushPlayerRecord } from './player-record';
import { registerPushDeviceRoutes } from './routes';
import { PUSH_SEGMENT_ATTRIBUTES } from './segment-attributes';
import { pushSegmentUse } from './segment-uses';
import { requeuePushJob, sendPushJob } from './send-job';

/**
 * Push: the devices players register, and the messages admins send them (composed, scheduled, sent
 * by a job over the platform's push transport, kept as history).
 */
export const domain: Domain = {
  name: 'push',
  segmentAttributes: PUSH_SEGMENT_ATTRIBUTES,
  segmentUses: [pushSegmentUse],
  migrations: { game: pushMigrations },
  register(app, { game, stores, identity, rateLimits, callables, push, segments }) {
    noteMessagingTokens(callables, game);
    registerPushDeviceRoutes(app, { game, rateLimit: rateLimits.pushDevices });
    registerPushMessageRoutes(app, { game: stores.game, identity, push, segments });
  },
  jobs: ({ stores, identity, push, segments }) => [
    sendPushJob({ game: stores.game, identity, push, segments }),
    requeuePushJob({ game: stores.game, identity }),
    foldDeviceTotalsJob(stores.game),
  ],
  personalData: pushPersonalData,
  playerRecord: pushPlayerRecord,
  liveTopics: PUSH_LIVE_TOPICS,
  counts: { failedPushes: ({ game }) => countPushMessagesIn(game, 'failed') },
  calendar: [pushCalendar],
};
