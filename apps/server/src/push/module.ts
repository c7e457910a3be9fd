import type { Domain } from '../domain';
import { noteMessagingTokens } from './messaging-header';
import { pushMigrations } from './migrations/index';
import { pushPersonalData } from './personal-data';
import { registerPushDeviceRoutes } from './routes';

/** Push: the devices players register so that admins' notifications reach them. */
export const pushDomain: Domain = {
  name: 'push',
  migrations: { game: pushMigrations },
  register(app, { game, rateLimits, callables }) {
    noteMessagingTokens(callables, game);
    registerPushDeviceRoutes(app, { game, rateLimit: rateLimits.pushDevices });
  },
  personalData: pushPersonalData,
};
