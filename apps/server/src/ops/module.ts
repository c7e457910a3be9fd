import type { Domain } from '../domain';
import { OPS_LIVE_TOPICS } from './live';
import { opsMigrations } from './migrations/index';

/** Operations' own records of a store (whether the demo data set was written), and the background jobs' history, live. */
export const domain: Domain = {
  name: 'ops',
  migrations: { game: opsMigrations },
  liveTopics: OPS_LIVE_TOPICS,
};
