import type { GameDatabase } from '../database';
import type { PersonalDataPart } from '../platform/personal-data';
import { listLightingPresets } from './queries';

/** A player's lighting presets are theirs alone: downloaded, and erased with the account. */
export const lightingPersonalData: PersonalDataPart<GameDatabase> = {
  async export(db, { userId }) {
    return { lightingPresets: (await listLightingPresets(db, userId)).mine };
  },
  async erase(trx, { userId }) {
    await trx.deleteFrom('lighting_presets').where('owner', '=', userId).execute();
    await trx.deleteFrom('lighting_preset_owners').where('owner', '=', userId).execute();
  },
};
