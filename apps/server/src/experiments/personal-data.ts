import type { GameDatabase } from '../database';
import type { PersonalDataPart } from '../platform/personal-data';

/**
 * A player's exposures: which experiments they were in and the variant they got. Theirs alone, so
 * their deletion erases them (the experiments' results then count them no more).
 */
export const experimentsPersonalData: PersonalDataPart<GameDatabase> = {
  async export(db, { userId }) {
    const rows = await db
      .selectFrom('experiment_exposures')
      .leftJoin('experiments', 'experiments.experiment_id', 'experiment_exposures.experiment_id')
      .select([
        'experiment_exposures.experiment_id',
        'experiments.name',
        'experiment_exposures.variant',
        'experiment_exposures.exposed_at',
      ])
      .where('experiment_exposures.user_id', '=', userId)
      .orderBy('experiment_exposures.exposed_at')
      .execute();
    return {
      experiments: rows.map((row) => ({
        experimentID: row.experiment_id,
        experiment: row.name,
        variant: row.variant,
        exposedAt: row.exposed_at,
      })),
    };
  },
  async erase(trx, { userId }) {
    await trx.deleteFrom('experiment_exposures').where('user_id', '=', userId).execute();
  },
};
