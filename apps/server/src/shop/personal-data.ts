import type { GameDatabase } from '../database';
import { anonymiseColumns, type PersonalDataPart } from '../platform/personal-data';

/** The spins a player made are sales records: they stay under the anonymous id; the download has them. */
export const shopPersonalData: PersonalDataPart<GameDatabase> = {
  async export(db, { userId }) {
    const spins = await db
      .selectFrom('spins')
      .leftJoin('items_master', 'items_master.item_id', 'spins.item_id')
      .select(['spins.spin_id', 'spins.machine_id', 'spins.item_id', 'items_master.name', 'spins.created_at'])
      .where('spins.user_id', '=', userId)
      .orderBy('spins.created_at')
      .execute();
    return {
      spins: spins.map((spin) => ({
        spinID: spin.spin_id,
        machineID: spin.machine_id,
        itemID: spin.item_id,
        itemName: spin.name ?? spin.item_id,
        spunAt: spin.created_at,
      })),
    };
  },
  erase: (trx, subject) => anonymiseColumns(trx, { spins: ['user_id'] }, subject),
};
