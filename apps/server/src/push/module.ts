import type { Domain } from '../domain';
import { pushDeviceMigrations } from './migrations/index';

/** Players' devices registered for push, per environment. */
export const pushDomain: Domain = {
  name: 'push',
  migrations: { game: pushDeviceMigrations },
};
