import type { Domain } from '../domain';
import { rewardCalendar } from './calendar';
import { everyoneRewardItemUse } from './everyone';
import { everyoneRewardJob, requeueScheduledEveryoneRewardsJob } from './everyone-job';
import { REWARD_LIVE_TOPICS } from './live';
import { rewardMigrations } from './migrations/index';
import { rewardPersonalData } from './personal-data';
import { registerRewardRoutes } from './routes';

/** Rewards: credits and items an admin distributes to players, an audience, a segment or everyone (in batches, by a job). */
export const domain: Domain = {
  name: 'rewards',
  migrations: { game: rewardMigrations },
  register(app, { stores, identity, segments }) {
    registerRewardRoutes(app, { game: stores.game, identity, segments });
  },
  jobs: ({ stores, identity }) => [
    everyoneRewardJob({ game: stores.game, identity }),
    requeueScheduledEveryoneRewardsJob({ game: stores.game, identity }),
  ],
  personalData: rewardPersonalData,
  itemUses: [everyoneRewardItemUse],
  liveTopics: REWARD_LIVE_TOPICS,
  calendar: [rewardCalendar],
};
