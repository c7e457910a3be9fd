import type { Domain } from '../domain';
import { opsMigrations } from './migrations/index';

/** Operations' own records of a store (whether the demo data set was written). */
export const domain: Domain = {
  name: 'ops',
  migrations: { game: opsMigrations },
};
