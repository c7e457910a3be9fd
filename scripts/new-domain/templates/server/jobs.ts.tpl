import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import type { JobDefinition } from '../platform/jobs/runner';
import { deleteEnded__Pascal__Entries } from './queries';

export const __CONST___JOB_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Nightly: the entries that ended are deleted (a run taken over midway deletes what is left, nothing twice). */
export function __camel__Jobs(options: { game: Kysely<GameDatabase> }): JobDefinition[] {
  return [
    {
      name: '__kebab__.delete-ended',
      everyMs: __CONST___JOB_INTERVAL_MS,
      run: async () => {
        await deleteEnded__Pascal__Entries(options.game, new Date());
      },
    },
  ];
}
