import type { Domain } from '../domain';
import { notificationMigrations } from './migrations/index';
import { notificationPersonalData } from './personal-data';
import { registerNotificationRoutes } from './routes';
import { requeuePushJob, sendPushJob } from './send-job';

/** Push notifications admins send to players' devices: composed, scheduled, sent by a job, kept as history. */
export const notificationsDomain: Domain = {
  name: 'notifications',
  migrations: { game: notificationMigrations },
  register(app, { stores, identity, push }) {
    registerNotificationRoutes(app, { game: stores.game, identity, push });
  },
  jobs: ({ stores, identity, push }) => [
    sendPushJob({ game: stores.game, identity, push }),
    requeuePushJob({ game: stores.game, identity }),
  ],
  personalData: notificationPersonalData,
};
