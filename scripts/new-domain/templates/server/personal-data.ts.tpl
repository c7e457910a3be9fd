import type { GameDatabase } from '../database';
import type { PersonalDataPart } from '../platform/personal-data';
import { listPlayer__Pascal__Entries } from './queries';

/** The entries for a player are theirs: in their download, and erased with their account. */
export const __camel__PersonalData: PersonalDataPart<GameDatabase> = {
  async export(db, { userId }) {
    return { __camel__Entries: await listPlayer__Pascal__Entries(db, userId) };
  },
  async erase(trx, { userId }) {
    await trx.deleteFrom('__snake___entries').where('player_id', '=', userId).execute();
  },
};
