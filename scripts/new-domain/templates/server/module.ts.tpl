import type { Domain } from '../domain';
import { register__Pascal__AdminRoutes } from './admin-routes';
import { __camel__Jobs } from './jobs';
import { __CONST___LIVE_TOPICS } from './live';
import { __camel__Migrations } from './migrations/index';
import { __camel__PersonalData } from './personal-data';
import { register__Pascal__Routes } from './routes';
import { seed__Pascal__ } from './seed';

/** __Words__: entries with a name and a score, shown to players while they run. */
export const domain: Domain = {
  name: '__kebab__',
  migrations: { game: __camel__Migrations },
  seed: seed__Pascal__,
  register(app, { game, stores }) {
    register__Pascal__Routes(app, { game });
    register__Pascal__AdminRoutes(app, { game: stores.game });
  },
  jobs: ({ game }) => __camel__Jobs({ game }),
  liveTopics: __CONST___LIVE_TOPICS,
  personalData: __camel__PersonalData,
};
